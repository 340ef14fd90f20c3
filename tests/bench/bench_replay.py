"""The replay page of a finished 5-player table (10 rounds): its render time at round 10 and at
round 1, in this process through Django's test client (middleware, view, templates), on
PostgreSQL with the production-like settings of ``DEBUG=0`` and the drawn counties in Redis.

Run alone with ``python -m tests.bench bench_replay``.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from tests.bench import Measurement, median_ms
from tests.bench.served import _bench_env, _setup_django

SEED = 7


def run() -> list[Measurement]:
    env = _bench_env()
    env["DATABASE_URL"] = env["DATABASE_URL"].removesuffix("_bench") + "_bench_replay"
    env["ALLOWED_HOSTS"] = "testserver"
    _setup_django(env)
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from games import services
    from games.models import Game
    from games.page import county_cache
    from tests.factories import UserFactory
    from tests.games.playing import play_to_end
    from tipperary_site.celery import app as celery_app

    people = [UserFactory.create(username=name) for name in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    celery_app.conf.task_always_eager = True
    table = services.create_game(
        people[0], seats_wanted=5, round_minutes=1440, is_open=True, rated=True
    )
    Game.objects.filter(pk=table.pk).update(seed=SEED)
    for user in people[1:]:
        table = services.join_game(table.pk, user)
    table = play_to_end(table, random.Random(SEED))
    celery_app.conf.task_always_eager = False
    assert table.status == "finished" and table.round == 10, (table.status, table.round)

    client = Client()
    client.force_login(people[0])
    queries: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    def cold(path: str) -> None:
        """The page with no county drawn yet (in this process or in Redis)."""
        cache.clear()
        county_cache._kept.clear()
        client.get(path)

    out = []
    for round_ in (10, 1):
        path = f"/games/{table.pk}/replay/?round={round_}"
        assert client.get(path).status_code == 200
        queries.clear()
        with connection.execute_wrapper(count):
            client.get(path)
        warm = median_ms(partial(client.get, path), repeat=40)
        note = f"5 players, median of 40; {len(queries)} queries"
        out.append(
            Measurement(f"replay page, round {round_}", warm, "ms", 50 if round_ == 10 else None,
                        note=note)
        )  # fmt: skip
        first = median_ms(partial(cold, path), repeat=15)
        out.append(
            Measurement(f"replay page, round {round_}, counties not yet drawn", first, "ms",
                        note="median of 15, cache emptied before each")
        )  # fmt: skip
    return out
