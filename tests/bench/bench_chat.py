"""Table talk on PostgreSQL, in process: drawing the chat panel of a table with a long chat,
posting a message, and "Your games" counting the messages new to a person at 20 tables.

Runs on the web benchmark's database (``<DATABASE_URL name>_bench``, made afresh) with its
settings. Run alone with ``python -m tests.bench bench_chat``.
"""

from __future__ import annotations

import itertools
import os
from datetime import timedelta

from tests.bench import Measurement, median_ms
from tests.bench.served import _bench_env, _setup_django

MESSAGES = 500  # at the table whose panel is drawn (the panel shows the newest 50)
TABLES = 20  # the person's tables, for "Your games"
PER_TABLE = 50  # messages at each of them


def run() -> list[Measurement]:
    saved = dict(os.environ)
    try:
        return _measure()
    finally:
        # The web benchmark after this one makes the same database afresh, from the same
        # environment, once this one's connections are closed.
        from django.db import connections

        connections.close_all()
        os.environ.clear()
        os.environ.update(saved)


def _measure() -> list[Measurement]:
    _setup_django(_bench_env())
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.contrib.sessions.backends.db import SessionStore
    from django.db.models import F
    from django.test import RequestFactory, override_settings
    from django.utils import timezone

    from games import services
    from games.access import table_for
    from games.models import Game
    from games.models.chat import Message
    from games.page.chat import chat_panel
    from games.services.chat import post_message
    from games.views.lobby import mine
    from tests.factories import UserFactory

    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    tables = []
    for _ in range(TABLES):
        game = services.create_game(
            ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=True
        )
        tables.append(services.join_game(game.pk, bob))
    start = timezone.now() - timedelta(days=1)
    rows = [
        Message(game=game, author=bob, text=f"message {n} at {game}", created_at=start)
        for game in tables
        for n in range(PER_TABLE)
    ]
    rows += [
        Message(game=tables[0], author=bob, text=f"more talk {n}", created_at=start)
        for n in range(MESSAGES - PER_TABLE)
    ]
    Message.objects.bulk_create(rows)
    # Written past post_message (for speed): move the tables' talk as it would have.
    Game.objects.filter(pk__in=[t.pk for t in tables]).update(chat_version=F("chat_version") + 1)

    access = table_for(ann, tables[0].pk)
    panel_ms = median_ms(lambda: chat_panel(access, ann))

    numbers = itertools.count()
    with override_settings(CHAT_RATE_MESSAGES=10**6):  # the rate limit is not what is measured
        post_ms = median_ms(lambda: post_message(tables[1].pk, ann, f"hello {next(numbers)}"))

    def your_games() -> None:
        request = RequestFactory().get("/games/mine/")
        request.user = ann
        request.session = SessionStore()
        request._messages = FallbackStorage(request)  # type: ignore[attr-defined]
        response = mine(request)
        response.render()
        assert b"50 new messages" in response.content

    mine_ms = median_ms(your_games)
    return [
        Measurement(f"chat panel, table of {MESSAGES} messages", panel_ms, "ms", 10),
        Measurement("post a message (locked table, version)", post_ms, "ms", 20),
        Measurement(f"Your games, unread counted at {TABLES} tables", mine_ms, "ms", 40),
    ]
