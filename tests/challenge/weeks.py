"""Instants of the challenge tests: week 49 of 2026 runs from Monday 30 November."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import time_machine
from django.contrib.auth.models import User

from games.challenge import entries
from games.models import Game
from tests.games.playing import play_round

MONDAY = datetime(2026, 11, 30, 0, 0, tzinfo=UTC)
TUESDAY = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
NEXT_MONDAY = datetime(2026, 12, 7, 0, 0, tzinfo=UTC)
#: The seed of every week the tests open, so every deal and result is the same on each run.
SEED = 49


def play_rounds(game: Game, rounds: int, rng: random.Random, *, on: datetime = TUESDAY) -> Game:
    """The entrant plays ``rounds`` rounds (or to the end) with random legal choices, on the
    day ``on`` (in the entry's week), whatever day the tests run on."""
    with time_machine.travel(on, tick=False):
        for _ in range(rounds):
            if game.status != "playing":
                break
            game = play_round(game, rng)
    return game


def entry_of(user: User, rounds: int, chooser: int) -> Game:
    """``user`` enters this week's challenge on Tuesday and plays ``rounds`` rounds."""
    challenge = entries.open_week(TUESDAY, seed=SEED)
    game = entries.enter(challenge.pk, user, TUESDAY)
    return play_rounds(game, rounds, random.Random(chooser))
