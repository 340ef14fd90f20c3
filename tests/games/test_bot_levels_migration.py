"""Tables seated before the levels were renamed keep their bots: greedy is easy, strong hard."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0004_seat_step")]
AFTER = [("games", "0010_bot_levels")]


@pytest.mark.django_db(transaction=True)
def test_old_bot_names_become_the_levels_of_the_same_bots() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    game = old.get_model("games", "Game").objects.create(seats_wanted=4)
    seat = old.get_model("games", "Seat")
    for position, bot in enumerate(["greedy", "medium", "strong"]):
        seat.objects.create(game=game, position=position + 1, kind="bot", bot=bot)
    seat.objects.create(game=game, position=0, kind="person")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("games", "Seat")
    bots = list(new.objects.order_by("position").values_list("bot", flat=True))
    assert bots == ["", "easy", "medium", "hard"]

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back, for a rollback of the release
    assert list(seat.objects.order_by("position").values_list("bot", flat=True)) == [
        "",
        "greedy",
        "medium",
        "strong",
    ]
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
