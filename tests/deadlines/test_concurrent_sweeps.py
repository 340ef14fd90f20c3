"""Two sweeps at once on PostgreSQL: the game row lock lets exactly one play each turn."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import connection

from games import services
from games.models import Action, ActionSource, Game
from tests.deadlines.conftest import two_player_table
from tests.fixtures.at_once import at_once

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_concurrent_sweeps_give_one_autopilot_turn_per_seat(
    clock: time_machine.Coordinates, host: User, player: User
) -> None:
    assert connection.vendor == "postgresql", "row locks need PostgreSQL (make test runs on it)"
    games = [two_player_table(host, player)]
    clock.shift(timedelta(days=1, minutes=1))
    outcomes = at_once([services.sweep_deadlines] * 2)
    assert not outcomes.raised, outcomes.raised
    results = outcomes.returned
    assert sorted(r.autopilot_turns for r in results) == [0, 2]
    game = Game.objects.get(pk=games[0].pk)
    assert game.round == 2
    per_seat = Action.objects.filter(game=game, source=ActionSource.AUTOPILOT, round=1)
    tiles = per_seat.filter(notation__startswith="t").values_list("seat", flat=True)
    assert sorted(seat or 0 for seat in tiles) == [0, 1]
    assert Action.objects.filter(game=game, notation="end").count() == 1
