"""Limits that stop harassment: tables waiting per host, invitations per hour, one invitation
mail a day per host and person, and blocks (invitations, rematches)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Block, Game, GameStatus, Invitation, RoundTime
from games.models.outbox import Kind, OutboxMessage
from games.services.blocks import block
from games.services.limits import FORMING_TABLES_PER_HOST, INVITATIONS_PER_HOUR
from games.services.rematch import play_again
from tests.conftest import make_person
from tests.games.playing import play_to_end


def _table(host: User, *, is_open: bool = False, seats: int = 3) -> Game:
    return services.create_game(
        host, seats_wanted=seats, round_minutes=RoundTime.ONE_DAY, is_open=is_open, rated=True
    )


def _invitation_mails(person: User) -> int:
    return OutboxMessage.objects.filter(user=person, kind=Kind.INVITATION).count()


def test_a_host_cannot_keep_more_tables_waiting_than_the_limit(client: Client, host: User) -> None:
    for _ in range(FORMING_TABLES_PER_HOST):
        _table(host)
    client.force_login(host)
    form = {"seats_wanted": "3", "round_minutes": "1440", "is_open": "1", "rated": "on"}
    response = client.post("/games/new/", form)
    assert response.status_code == 400
    assert "You already host 5 tables waiting for players" in response.content.decode()
    assert Game.objects.filter(host=host).count() == FORMING_TABLES_PER_HOST


def test_a_solo_table_against_bots_is_not_held_by_the_limit(host: User) -> None:
    for _ in range(FORMING_TABLES_PER_HOST):
        _table(host)
    solo = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False,
        bots=["easy"],
    )  # fmt: skip
    assert solo.status == GameStatus.PLAYING


def test_invitations_past_the_hourly_limit_are_refused_until_the_hour_passes(host: User) -> None:
    game = _table(host)
    people = [make_person(f"Guest{n:02}") for n in range(INVITATIONS_PER_HOUR + 1)]
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        for person in people[:-1]:
            services.invite_player(game.pk, host, person.username)
        with pytest.raises(services.GameError, match="20 invitations in the last hour"):
            services.invite_player(game.pk, host, people[-1].username)
    assert game.invitations.count() == INVITATIONS_PER_HOUR
    with time_machine.travel(start + timedelta(hours=1, minutes=1), tick=False):
        services.invite_player(game.pk, host, people[-1].username)
    assert game.invitations.count() == INVITATIONS_PER_HOUR + 1


def test_one_host_mails_one_person_one_invitation_a_day(host: User, player: User) -> None:
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        first, second = _table(host), _table(host)
        services.invite_player(first.pk, host, player.username)
        services.invite_player(second.pk, host, player.username)
        services.invite_player(second.pk, host, player.username)  # again: nothing new
    assert Invitation.objects.filter(invitee=player).count() == 2  # both on the site
    assert _invitation_mails(player) == 1
    with time_machine.travel(start + timedelta(days=1, minutes=1), tick=False):
        services.invite_player(_table(host).pk, host, player.username)
    assert _invitation_mails(player) == 2


def test_it_says_the_invited_name_as_its_owner_writes_it(client: Client, host: User) -> None:
    make_person("Brendan")
    game = _table(host)
    client.force_login(host)
    response = client.post(f"/games/{game.pk}/invite/", {"display_name": "bReNdAn"}, follow=True)
    assert "Brendan is invited." in response.content.decode()


def test_nobody_invites_a_person_who_blocked_them_or_whom_they_blocked(
    host: User, player: User, outsider: User
) -> None:
    block(player, host)
    block(host, outsider)
    game = _table(host)
    for name in (player.username, outsider.username):
        with pytest.raises(services.GameError, match="cannot be invited to your tables"):
            services.invite_player(game.pk, host, name)
    assert not game.invitations.exists()
    assert _invitation_mails(player) == _invitation_mails(outsider) == 0


def test_a_block_takes_back_the_pending_invitations_between_the_two(
    host: User, player: User
) -> None:
    game = _table(host)
    services.invite_player(game.pk, host, player.username)
    block(player, host)
    assert not Invitation.objects.filter(invitee=player).exists()


def test_a_rematch_leaves_out_whoever_blocked_the_person_asking(
    host: User, player: User, outsider: User
) -> None:
    game = _table(host, is_open=True)
    services.join_game(game.pk, player)
    game = play_to_end(services.join_game(game.pk, outsider), random.Random(3))
    block(outsider, host)
    rematch = play_again(game.pk, host)
    assert list(rematch.invitations.values_list("invitee__username", flat=True)) == ["Brendan"]
    assert rematch.seats_wanted == 2


def test_blocking_and_unblocking_from_the_player_page(
    client: Client, host: User, player: User
) -> None:
    client.force_login(host)
    page = client.post("/games/block/brendan/", follow=True).content.decode()
    assert "You blocked Brendan: no invitations, table talk or rematches" in page
    assert 'id="unblock"' in page
    assert Block.objects.filter(user=host, blocked=player).exists()
    again = client.post("/games/block/Brendan/", follow=True).content.decode()
    assert "You have already blocked this player." in again
    assert client.get("/players/Brendan/").content.decode().count('id="unblock"') == 1
    page = client.post("/games/unblock/Brendan/", follow=True).content.decode()
    assert "You unblocked Brendan." in page
    assert not Block.objects.exists()


def test_nobody_blocks_themselves_or_a_player_who_does_not_exist(
    client: Client, host: User
) -> None:
    client.force_login(host)
    page = client.post("/games/block/Aoife/", follow=True).content.decode()
    assert "You cannot block yourself." in page
    assert client.post("/games/block/Nobody/").status_code == 404
    assert not Block.objects.exists()
