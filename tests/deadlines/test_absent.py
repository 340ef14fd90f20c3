"""Three missed deadlines in a row make a seat absent; the person takes it back by playing."""

from __future__ import annotations

import random
from datetime import timedelta

import time_machine
from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Action, ActionSource, Game, Seat
from tests.deadlines.conftest import CaptureOnCommit
from tests.games.playing import any_legal_action, finish_turns, step_of

DAY = timedelta(days=1)


def _miss_rounds(clock: time_machine.Coordinates, game: Game, rounds: int) -> None:
    """Aoife plays each round at once; Brendan lets the deadline pass."""
    for _ in range(rounds):
        finish_turns(game, random.Random(game.round), skip=(1,))
        clock.shift(DAY)
        services.sweep_deadlines()
        game.refresh_from_db()


def _brendan(game: Game, player: User) -> Seat:
    return Seat.objects.get(game=game, user=player)


def test_two_missed_rounds_leave_the_seat_waiting_for_its_person(
    clock: time_machine.Coordinates, started: Game, player: User
) -> None:
    _miss_rounds(clock, started, 2)
    seat = _brendan(started, player)
    assert (seat.autopilot_streak, seat.absent, seat.to_play) == (2, False, True)


def test_after_three_missed_rounds_the_autopilot_plays_each_round_as_it_starts(
    clock: time_machine.Coordinates, started: Game, player: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    _miss_rounds(clock, started, 2)
    finish_turns(started, random.Random(3), skip=(1,))
    clock.shift(DAY)
    with django_capture_on_commit_callbacks(execute=True):
        services.sweep_deadlines()  # round 3's deadline, then round 4 starts

    game = Game.objects.get(pk=started.pk)
    seat = _brendan(game, player)
    assert game.round == 4 and seat.absent
    # Round 4 was played for Brendan as it started, long before its deadline.
    assert Action.objects.filter(game=game, round=4, seat=1, source=ActionSource.AUTOPILOT)
    assert engine.pending(load_state(game), 1).kind is engine.PendingKind.NONE
    assert not seat.to_play


def test_others_see_who_is_absent_and_the_absent_person_can_take_the_seat_back(
    clock: time_machine.Coordinates, started: Game, host: User, player: User, client: Client,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        _miss_rounds(clock, started, 3)
    client.force_login(host)
    page = client.get(f"/games/{started.pk}/").content.decode()
    assert "absent" in page and "played by autopilot" in page

    client.force_login(player)
    page = client.get(f"/games/{started.pk}/").content.decode()
    assert "Take my seat back" in page
    response = client.post(f"/games/{started.pk}/take-back/")
    assert response.status_code == 302
    seat = _brendan(started, player)
    assert (seat.absent, seat.autopilot_streak) == (False, 0)

    # Round 5 starts and waits for Brendan again, who plays it himself.
    finish_turns(started, random.Random(4), skip=(1,))
    with django_capture_on_commit_callbacks(execute=True):
        services.advance_complete_games()
    game = Game.objects.get(pk=started.pk)
    assert game.round == 5 and _brendan(game, player).to_play
    notation = any_legal_action(load_state(game), 1, random.Random(5))
    assert notation is not None
    services.submit_action(game.pk, player, notation, step_of(game, player))
    assert Action.objects.filter(game=game, round=5, seat=1).get().source == ActionSource.PLAYER


def test_playing_a_turn_clears_the_streak(
    clock: time_machine.Coordinates, started: Game, player: User
) -> None:
    _miss_rounds(clock, started, 2)
    finish_turns(started, random.Random(9))
    seat = _brendan(started, player)
    assert (seat.autopilot_streak, seat.absent) == (0, False)
