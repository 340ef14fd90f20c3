"""A forming table that nobody joins for 14 days closes by itself."""

from __future__ import annotations

from datetime import timedelta

import time_machine
from django.contrib.auth.models import User

from games import services
from games.models import Game, GameStatus, RoundTime


def _table(host: User) -> Game:
    return services.create_game(
        host, seats_wanted=4, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )


def test_a_table_nobody_joined_for_14_days_closes(
    clock: time_machine.Coordinates, host: User
) -> None:
    game = _table(host)
    clock.shift(timedelta(days=14) - timedelta(minutes=1))
    assert services.sweep_deadlines().tables_closed == 0
    clock.shift(timedelta(minutes=1))
    assert services.sweep_deadlines().tables_closed == 1
    game.refresh_from_db()
    assert game.status == GameStatus.CLOSED
    assert services.sweep_deadlines().tables_closed == 0


def test_each_new_player_gives_the_table_14_more_days(
    clock: time_machine.Coordinates, host: User, player: User
) -> None:
    game = _table(host)
    clock.shift(timedelta(days=10))
    services.join_game(game.pk, player)
    clock.shift(timedelta(days=10))
    services.sweep_deadlines()
    game.refresh_from_db()
    assert game.status == GameStatus.FORMING
    clock.shift(timedelta(days=4))
    services.sweep_deadlines()
    game.refresh_from_db()
    assert game.status == GameStatus.CLOSED


def test_started_tables_never_close_this_way(
    clock: time_machine.Coordinates, host: User, player: User
) -> None:
    game = services.create_game(host, seats_wanted=2, round_minutes=10080, is_open=True, rated=True)
    services.join_game(game.pk, player)
    clock.shift(timedelta(days=30))
    assert services.sweep_deadlines().tables_closed == 0
    assert Game.objects.get(pk=game.pk).status == GameStatus.PLAYING
