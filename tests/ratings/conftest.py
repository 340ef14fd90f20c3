"""Roles for the ratings tests: Aoife, Brendan and Ciara (the suite's host, player and
outsider) and a fourth person, Declan."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.conftest import make_person
from tests.games.conftest import started  # noqa: F401  (Aoife and Brendan's table in round 1)
from tests.games.playing import play_round


@pytest.fixture
def declan(db: None) -> User:
    return make_person("Declan")


@pytest.fixture
def finished(started: Game) -> Game:  # noqa: F811  (the fixture above, as a parameter)
    """Aoife and Brendan's two-player table, played to the end."""
    game, rng = started, random.Random(11)
    while game.status == "playing":
        game = play_round(game, rng)
    return game
