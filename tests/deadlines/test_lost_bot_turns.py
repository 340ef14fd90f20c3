"""A lost "play the bots" message never stalls a table: the minute sweep plays the bots."""

from __future__ import annotations

import random
from datetime import timedelta

import time_machine
from django.contrib.auth.models import User

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game, RoundTime
from tests.deadlines.conftest import CaptureOnCommit
from tests.games.playing import any_legal_action, step_of


def _solo_with_lost_message(host: User, capture: CaptureOnCommit) -> Game:
    """Aoife against two bots; the message that would have played the bots never arrives."""
    with capture(execute=False):
        game = services.create_game(
            host, seats_wanted=3, round_minutes=RoundTime.ONE_WEEK, is_open=False, rated=False,
            bots=["easy", "medium"],
        )  # fmt: skip
    return game


def _bots_pending(game: Game) -> list[engine.PendingKind]:
    state = load_state(Game.objects.get(pk=game.pk))
    return [engine.pending(state, position).kind for position in (1, 2)]


def test_the_sweep_plays_bot_turns_whose_message_was_lost_and_the_round_advances(
    clock: time_machine.Coordinates, host: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    game = _solo_with_lost_message(host, django_capture_on_commit_callbacks)
    rng = random.Random(3)
    with django_capture_on_commit_callbacks(execute=False):  # lost again: nothing is enqueued
        # Aoife's whole turn: her tile and whatever follows from it.
        while notation := any_legal_action(load_state(Game.objects.get(pk=game.pk)), 0, rng):
            services.submit_action(game.pk, host, notation, step_of(game, host))
    assert _bots_pending(game) == [engine.PendingKind.TILE] * 2

    clock.shift(timedelta(minutes=2))
    with django_capture_on_commit_callbacks(execute=True):
        swept = services.sweep_deadlines()

    game.refresh_from_db()
    assert swept.away_turns == 2
    assert game.round == 2, "the round the bots finished advanced; no one waits a week"
    assert game.seats.get(position=0).to_play


def test_the_sweep_leaves_the_bots_a_minute_to_be_played_by_their_own_task(
    clock: time_machine.Coordinates, host: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    game = _solo_with_lost_message(host, django_capture_on_commit_callbacks)
    clock.shift(timedelta(seconds=30))
    assert services.sweep_deadlines().away_turns == 0
    assert _bots_pending(game) == [engine.PendingKind.TILE] * 2


def test_the_sweep_plays_nothing_twice(
    clock: time_machine.Coordinates, host: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    game = _solo_with_lost_message(host, django_capture_on_commit_callbacks)
    clock.shift(timedelta(minutes=2))
    assert services.sweep_deadlines().away_turns == 2
    actions = game.actions.count()
    assert services.sweep_deadlines().away_turns == 0
    assert game.actions.count() == actions
