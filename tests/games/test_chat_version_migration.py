"""Tables that had talk before ``chat_version`` existed start it at 1, so their pages read their
messages; a table that never had any stays at 0 and its pages read none."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("games", "0020_tutorials")]
AFTER = [("games", "0022_chat_version_of_tables_with_talk")]


@pytest.mark.django_db(transaction=True)
def test_tables_with_talk_start_their_chat_version_at_one() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    game, message = apps.get_model("games", "Game"), apps.get_model("games", "Message")
    quiet, talked, hushed = (game.objects.create(seats_wanted=2) for _ in range(3))
    message.objects.create(game=talked, text="Hello", created_at=timezone.now())
    message.objects.create(
        game=hushed, text="Rude", created_at=timezone.now(), hidden_by_staff=True
    )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("games", "Game")
    versions = dict(new.objects.values_list("pk", "chat_version"))
    assert versions == {quiet.pk: 0, talked.pk: 1, hushed.pk: 1}

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back, for a rollback of the release
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
