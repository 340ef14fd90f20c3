"""Limits of table talk: five messages a minute even when posted all at once from several
tables, and ten mutes or unmutes an hour; a mute redraws only the muting person's pages."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game
from games.models.chat import Message, Mute
from games.services.chat import mute, post_message, unmute
from tests.conftest import make_person
from tests.fixtures.at_once import at_once
from tests.games.playing import table_of

HTMX = {"HX-Request": "true", "HX-Target": "chat"}
LIMIT = "You have written 5 messages in the last 60 seconds; wait a moment before the next."
MUTE_LIMIT = "You have muted or unmuted players 10 times in the last hour"


@pytest.mark.django_db(transaction=True)
def test_parallel_posts_at_several_tables_never_beat_five_a_minute() -> None:
    writer = make_person("Aoife")
    tables = [table_of(writer, make_person(f"Rival{n}")) for n in range(8)]
    now = timezone.now()

    def post_at(game: Game) -> Callable[[], str]:
        def post() -> str:
            try:
                post_message(game.pk, writer, f"hello table {game.pk}", now=now)
            except services.GameError as refused:
                return str(refused)
            return "posted"

        return post

    outcomes = at_once([post_at(game) for game in tables])

    assert not outcomes.raised, outcomes.raised
    assert Message.objects.filter(author=writer).count() == 5
    assert sorted(outcomes.returned) == sorted(["posted"] * 5 + [LIMIT] * 3)


def test_a_mute_leaves_every_table_version_alone_so_nobody_else_redraws(
    client: Client, host: User, player: User, outsider: User
) -> None:
    shared = table_of(outsider, player, host)
    post_message(shared.pk, player, "noise")
    watcher = Client()
    watcher.force_login(outsider)
    page = watcher.get(f"/games/{shared.pk}/").content.decode()
    token = re.search(r"/status/\?t=([0-9a-f]+)", page)
    assert token is not None
    version = Game.objects.get(pk=shared.pk).version

    client.force_login(host)
    assert (
        client.post(
            f"/games/{shared.pk}/chat/mute/", {"player": player.pk}, headers=HTMX
        ).status_code
        == 200
    )

    assert Game.objects.get(pk=shared.pk).version == version
    poll = watcher.get(
        f"/games/{shared.pk}/status/?t={token.group(1)}&v={outsider.pk}",
        headers={"HX-Request": "true", "HX-Target": "table"},
    )
    assert poll.status_code == 204


def test_the_muting_persons_stored_pages_at_other_tables_are_drawn_again(
    client: Client, host: User, player: User, outsider: User
) -> None:
    first = table_of(host, player)
    second = table_of(outsider, player, host)
    post_message(second.pk, player, "second table noise")
    client.force_login(host)
    assert "second table noise" in client.get(f"/games/{second.pk}/").content.decode()  # stored
    client.post(f"/games/{first.pk}/chat/mute/", {"player": player.pk}, headers=HTMX)
    assert "second table noise" not in client.get(f"/games/{second.pk}/").content.decode()
    other = Client()
    other.force_login(outsider)
    assert "second table noise" in other.get(f"/games/{second.pk}/").content.decode()


def test_the_eleventh_mute_or_unmute_in_an_hour_is_refused_and_changes_nothing(
    client: Client, host: User, player: User, started: Game
) -> None:
    now = timezone.now()
    for n in range(5):
        mute(host, player.pk, now=now - timedelta(minutes=50 - n))
        unmute(host, player.pk, now=now - timedelta(minutes=40 - n))
    client.force_login(host)

    response = client.post(f"/games/{started.pk}/chat/mute/", {"player": player.pk}, headers=HTMX)

    assert response.status_code == 400
    assert MUTE_LIMIT in response.content.decode()
    assert not Mute.objects.exists()
    # An hour after the first change, the next one goes through.
    mute(host, player.pk, now=now + timedelta(minutes=11))
    assert Mute.objects.filter(user=host, muted=player).exists()


def test_muting_someone_already_muted_is_no_change_and_not_counted(
    host: User, player: User
) -> None:
    now = timezone.now()
    for _ in range(20):
        mute(host, player.pk, now=now)
    unmute(host, player.pk, now=now)
    assert not Mute.objects.exists()


def test_without_javascript_the_mute_limit_is_said_on_the_table_page(
    client: Client, host: User, player: User, started: Game
) -> None:
    now = timezone.now()
    for _ in range(5):
        mute(host, player.pk, now=now)
        unmute(host, player.pk, now=now)
    client.force_login(host)
    response = client.post(f"/games/{started.pk}/chat/mute/", {"player": player.pk}, follow=True)
    assert MUTE_LIMIT in response.content.decode()
    assert not Mute.objects.exists()
