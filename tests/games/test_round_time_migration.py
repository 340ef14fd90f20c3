"""Tables made while round times were hours keep their round time, now counted in minutes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("games", "0014_outbox_request_id")]
AFTER = [("games", "0015_round_time_in_minutes")]


@pytest.mark.django_db(transaction=True)
def test_it_turns_every_tables_hours_into_minutes_and_back() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("games", "Game")
    for hours in (12, 24, 168):
        old.objects.create(seats_wanted=2, round_hours=hours)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("games", "Game")
    assert list(new.objects.order_by("pk").values_list("round_minutes", flat=True)) == [
        720,
        1440,
        10080,
    ]
    new.objects.create(seats_wanted=2, round_minutes=2)  # a live table, made after the change

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back, for a rollback of the release
    assert list(old.objects.order_by("pk").values_list("round_hours", flat=True)) == [
        12,
        24,
        168,
        12,
    ]
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
