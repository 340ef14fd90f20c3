"""Fixed roles for the deadline tests: two people at a table, a solo player against bots, and
a clock that only moves when a test moves it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import User

from games import services
from games.models import Game, RoundTime

SEED = 20261129
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]


@pytest.fixture
def clock() -> Iterator[time_machine.Coordinates]:
    """The site's clock, stopped at ``START``; ``clock.shift(timedelta)`` moves it on."""
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


def two_player_table(
    host: User, player: User, *, allow_vacation: bool = True, seed: int = SEED
) -> Game:
    """A one-day-per-round table of ``host`` and ``player``, started, with a fixed seed."""
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True,
        allow_vacation=allow_vacation,
    )  # fmt: skip
    Game.objects.filter(pk=game.pk).update(seed=seed)
    return services.join_game(game.pk, player)


@pytest.fixture
def started(clock: time_machine.Coordinates, host: User, player: User) -> Game:
    """Aoife (seat 0) and Brendan (seat 1) in round 1, its deadline a day after ``START``."""
    return two_player_table(host, player)
