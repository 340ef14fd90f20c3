"""Outbox rows are written in the same transaction as the game change, as people's settings say."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from accounts.models import EmailMode
from games import services
from games.models import Game, GameStatus, RoundTime
from games.models.outbox import Kind, OutboxMessage, Status
from games.notifications.write import notify_autopilot, notify_new_round
from tests.conftest import make_person
from tests.games.playing import finish_turns, play_round
from tests.notifications.conftest import T0, T1, play_to_the_end, rows, start_table


def test_it_tells_every_player_when_the_table_starts(
    started: Game, host: User, player: User
) -> None:
    started_rows = rows(Kind.STARTED)
    assert [(r.user, r.game, r.round, r.status) for r in started_rows] == [
        (host, started, 1, Status.PENDING),
        (player, started, 1, Status.PENDING),
    ]
    assert all(r.due_at == T1 for r in started_rows)
    # Round 1 is the start itself: no separate "new round" mail.
    assert rows(Kind.NEW_ROUND) == []


def test_it_writes_nothing_when_the_game_change_rolls_back(host: User, player: User) -> None:
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    with pytest.raises(RuntimeError), transaction.atomic():
        services.join_game(game.pk, player, now=T0)
        assert len(rows(Kind.STARTED)) == 2
        raise RuntimeError("the request failed after the join")
    assert Game.objects.get(pk=game.pk).status == GameStatus.FORMING
    assert rows() == []


def test_it_tells_everyone_still_to_play_when_a_round_begins(
    started: Game, host: User, player: User
) -> None:
    play_round(started, random.Random(1))
    assert [(r.user, r.round) for r in rows(Kind.NEW_ROUND)] == [(host, 2), (player, 2)]


def test_it_keeps_one_row_per_person_table_round_and_kind(started: Game, host: User) -> None:
    notify_new_round(started)
    notify_new_round(started)
    assert len(rows(Kind.NEW_ROUND)) == 2  # one each for Aoife and Brendan, however often asked
    with pytest.raises(IntegrityError), transaction.atomic():
        OutboxMessage.objects.create(
            user=host, game=started, round=1, kind=Kind.NEW_ROUND, due_at=T0
        )


def test_it_keeps_one_digest_per_person_and_day(host: User) -> None:
    OutboxMessage.objects.create(
        user=host, kind=Kind.DIGEST, digest_date=date(2026, 11, 29), due_at=T0
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        OutboxMessage.objects.create(
            user=host, kind=Kind.DIGEST, digest_date=date(2026, 11, 29), due_at=T0
        )


def test_an_invitation_is_written_once(host: User) -> None:
    invitee = make_person("Ciara")
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    services.invite_player(game.pk, host, "Ciara")
    services.invite_player(game.pk, host, "ciara")
    assert [(r.user, r.game, r.round) for r in rows(Kind.INVITATION)] == [(invitee, game, 0)]


def test_the_autopilot_service_writes_a_row_for_that_round(started: Game, player: User) -> None:
    seat = started.seats.get(user=player)
    notify_autopilot(started, seat, 1)
    notify_autopilot(started, seat, 1)
    assert [(r.user, r.round) for r in rows(Kind.AUTOPILOT)] == [(player, 1)]


def test_everyone_hears_when_the_game_is_finished(started: Game, host: User, player: User) -> None:
    play_to_the_end(started)
    assert [(r.user, r.round) for r in rows(Kind.FINISHED)] == [(host, 0), (player, 0)]


@pytest.mark.parametrize(
    ("profile", "kinds"),
    [
        ({}, {Kind.STARTED}),
        ({"email_mode": EmailMode.OFF}, set()),
        ({"email_mode": EmailMode.DIGEST}, set()),
        ({"notify_new_round": False}, set()),
        ({"vacation_from": date(2026, 11, 28)}, set()),
    ],
    ids=["each", "off", "digest", "switched-off", "on-holiday"],
)
def test_it_follows_each_persons_settings(
    host: User, profile: dict[str, object], kinds: set[Kind]
) -> None:
    other = make_person("Ciara", **profile)
    start_table(host, other)
    assert {r.kind for r in rows() if r.user == other} == kinds


def test_digest_people_get_deadline_warnings_only_if_they_keep_that_switch(host: User) -> None:
    from games.notifications.scan import scan

    keeps = make_person("Ciara", email_mode=EmailMode.DIGEST)
    drops = make_person("Dara", email_mode=EmailMode.DIGEST, notify_deadline=False)
    start_table(host, keeps, drops)
    scan(now=T0 + timedelta(hours=23))
    warned = {r.user for r in rows(Kind.DEADLINE)}
    assert keeps in warned and drops not in warned


def test_an_absent_seat_gets_no_new_round_mail(started: Game, host: User, player: User) -> None:
    finish_turns(started, random.Random(1))
    started.seats.filter(user=player).update(absent=True)  # as the deadline sweep marks it
    services.advance_complete_games()
    assert [r.user for r in rows(Kind.NEW_ROUND)] == [host]
