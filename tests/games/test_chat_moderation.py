"""Moderation of table talk: staff hide a message in the admin, and a player mutes another for
themselves, at every table."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game
from games.models.chat import Message, Mute
from games.services.chat import post_message, set_hidden
from tests.conftest import make_person

HTMX = {"HX-Request": "true", "HX-Target": "chat"}


def _table_of(*people: User) -> Game:
    game = services.create_game(
        people[0], seats_wanted=len(people), round_minutes=1440, is_open=True, rated=True
    )
    for person in people[1:]:
        game = services.join_game(game.pk, person)
    return game


def test_a_message_staff_hid_renders_nowhere(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    rude = post_message(started.pk, player, "something rude")
    post_message(started.pk, player, "sorry, wrong table")
    staff = make_person("Siobhan")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    response = client.post(
        "/admin/games/message/",
        {"action": "hide", "_selected_action": [rude.pk]},
        follow=True,
    )
    assert response.status_code == 200 and "1 message(s) hidden." in response.content.decode()
    assert Message.objects.get(pk=rude.pk).hidden_by_staff
    for viewer in (host, player, outsider):
        client.force_login(viewer)
        html = client.get(f"/games/{started.pk}/").content.decode()
        assert "something rude" not in html and "sorry, wrong table" in html


def test_hiding_a_message_redraws_the_open_pages(
    client: Client, host: User, player: User, started: Game
) -> None:
    rude = post_message(started.pk, player, "something rude")
    client.force_login(host)
    html = client.get(f"/games/{started.pk}/").content.decode()
    token = re.search(r"/status/\?t=([0-9a-f]+)", html)
    assert token is not None and "something rude" in html
    assert set_hidden([rude.pk], True) == 1
    poll = client.get(
        f"/games/{started.pk}/status/?t={token.group(1)}",
        headers={"HX-Request": "true", "HX-Target": "table"},
    )
    assert poll.status_code == 200 and "something rude" not in poll.content.decode()


def test_a_muted_player_is_hidden_from_the_muter_at_every_table(
    client: Client, host: User, player: User, outsider: User
) -> None:
    first = _table_of(host, player)
    second = _table_of(outsider, player, host)
    post_message(first.pk, player, "first table noise")
    post_message(second.pk, player, "second table noise")
    post_message(second.pk, outsider, "hello from Ciara")
    client.force_login(host)
    response = client.post(f"/games/{first.pk}/chat/mute/", {"player": player.pk}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "first table noise" not in html and "Unmute<span" in html
    second_page = client.get(f"/games/{second.pk}/").content.decode()
    assert "second table noise" not in second_page and "hello from Ciara" in second_page
    other = Client()
    other.force_login(outsider)  # the others still see it
    assert "second table noise" in other.get(f"/games/{second.pk}/").content.decode()


def test_unmuting_brings_the_messages_back(
    client: Client, host: User, player: User, started: Game
) -> None:
    post_message(started.pk, player, "can you hear me")
    Mute.objects.create(user=host, muted=player)
    client.force_login(host)
    response = client.post(f"/games/{started.pk}/chat/unmute/", {"player": player.pk})
    assert response.status_code == 302
    assert not Mute.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert "can you hear me" in page and "You see that player&#x27;s messages again." in page


def test_muting_yourself_or_nobody_is_refused(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    for player, why in (
        (str(host.pk), "You cannot mute yourself."),
        ("99999", "There is no such player."),
        ("x", "Say which player."),
    ):
        response = client.post(f"/games/{started.pk}/chat/mute/", {"player": player}, headers=HTMX)
        assert response.status_code == 400 and why in response.content.decode()
    assert not Mute.objects.exists()
    response = client.post(f"/games/{started.pk}/chat/unmute/", {"player": "1"}, headers=HTMX)
    assert "You had not muted this player." in response.content.decode()


def test_muting_by_htmx_costs_a_fixed_number_of_queries(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    post_message(started.pk, player, "hi")
    client.force_login(host)
    # session, user; access: game, seats with names; the service: savepoint, the player
    # exists, the muting person's row locked, the mute looked up, then made, release; the
    # panel: its messages, the newest seen (no table is drawn again: only the muter's pages)
    with django_assert_num_queries(12):
        response = client.post(
            f"/games/{started.pk}/chat/mute/", {"player": player.pk}, headers=HTMX
        )
    assert response.status_code == 200


def test_a_page_drawn_before_a_mute_is_not_served_after_it(
    client: Client, host: User, player: User, started: Game
) -> None:
    post_message(started.pk, player, "noise")
    client.force_login(host)
    assert "noise" in client.get(f"/games/{started.pk}/").content.decode()  # drawn and stored
    client.post(f"/games/{started.pk}/chat/mute/", {"player": player.pk}, headers=HTMX)
    assert "noise" not in client.get(f"/games/{started.pk}/").content.decode()
    client.post(f"/games/{started.pk}/chat/unmute/", {"player": player.pk}, headers=HTMX)
    assert "noise" in client.get(f"/games/{started.pk}/").content.decode()
