"""Live tables (rounds of 1–5 minutes): the deadline kept to the second, two missed rounds
make a seat away, and nobody is mailed per turn, since everyone is at the table."""

from __future__ import annotations

import random
from datetime import timedelta

import time_machine
from django.contrib.auth.models import User

from games import services
from games.models import Action, ActionSource, Game, RoundTime, Seat
from games.models.outbox import Kind, OutboxMessage
from games.notifications.scan import scan
from tests.deadlines.conftest import SEED, CaptureOnCommit
from tests.games.playing import finish_turns

MINUTE = timedelta(minutes=1)


def _live_table(host: User, player: User, *, minutes: int = RoundTime.ONE_MINUTE) -> Game:
    game = services.create_game(
        host, seats_wanted=2, round_minutes=minutes, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    return services.join_game(game.pk, player)


def test_every_live_speed_is_offered_and_kept_in_minutes() -> None:
    assert [speed.value for speed in RoundTime.live()] == [1, 2, 3, 5]
    assert all(speed > 5 for speed in RoundTime if speed not in RoundTime.live())


def test_a_live_round_ends_a_minute_after_it_starts(
    clock: time_machine.Coordinates, host: User, player: User
) -> None:
    game = _live_table(host, player)
    assert game.is_live and game.round_started_at is not None
    assert game.round_deadline == game.round_started_at + MINUTE


def test_the_live_sweep_plays_an_overdue_live_round_and_leaves_slow_tables_to_the_minute(
    clock: time_machine.Coordinates, host: User, player: User, outsider: User
) -> None:
    live = _live_table(host, player)
    slow = services.join_game(
        services.create_game(
            host, seats_wanted=2, round_minutes=RoundTime.HALF_DAY, is_open=True, rated=True
        ).pk,
        outsider,
    )
    clock.shift(timedelta(seconds=59))
    assert services.sweep_live_deadlines() == 0  # a second to go: nothing is played

    clock.shift(timedelta(days=1))
    assert services.sweep_live_deadlines() == 2  # both people of the live table missed it
    live.refresh_from_db()
    slow.refresh_from_db()
    assert live.round == 2
    assert slow.round == 1 and not Action.objects.filter(game=slow).exists()
    assert services.sweep_live_deadlines() == 0  # claimed once: a second sweep finds nothing


def test_two_missed_live_rounds_mark_the_seat_away_and_the_table_goes_on(
    clock: time_machine.Coordinates, host: User, player: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    game = _live_table(host, player)
    for round_ in (1, 2):
        finish_turns(game, random.Random(round_), skip=(1,))  # Aoife plays, Brendan is gone
        clock.shift(MINUTE)
        with django_capture_on_commit_callbacks(execute=True):
            services.play_overdue(game.pk)
        game.refresh_from_db()

    seat = Seat.objects.get(game=game, user=player)
    assert (seat.autopilot_streak, seat.absent) == (2, True)
    # Round 3 was played for Brendan as it began: Aoife plays on without waiting a minute.
    assert game.round == 3
    assert Action.objects.filter(game=game, round=3, seat=1, source=ActionSource.AUTOPILOT)


def test_nobody_at_a_live_table_is_mailed_about_a_turn(
    clock: time_machine.Coordinates, host: User, player: User
) -> None:
    game = _live_table(host, player)  # started: no "your turn" mail
    finish_turns(game, random.Random(1), skip=(1,))
    clock.shift(timedelta(seconds=40))
    scan()  # past the share of the round for "last to play", inside the deadline warning
    clock.shift(MINUTE)
    services.play_overdue(game.pk)  # the autopilot plays for Brendan; round 2 starts
    clock.shift(timedelta(minutes=10))
    scan()

    kinds = set(OutboxMessage.objects.filter(game=game).values_list("kind", flat=True))
    assert not kinds & {Kind.STARTED, Kind.NEW_ROUND, Kind.LAST_TO_PLAY, Kind.DEADLINE,
                        Kind.AUTOPILOT}  # fmt: skip
