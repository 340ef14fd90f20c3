"""The leaderboard and a player page with 1 000 players and 5 000 finished rated tables in the
database, under gunicorn on PostgreSQL, as ratios to the trivial view (target: each ≥ 0.25).

The tables are written as the services leave them (tests.ratings.tables) and rated by the
ratings service itself, one after another. Run alone with ``python -m tests.bench bench_ratings``.
"""

from __future__ import annotations

import random
import sys
import time
from datetime import datetime, timedelta

from tests.bench import Measurement
from tests.bench.served import (
    _bench_env,
    _free_port,
    _process,
    _session_cookie,
    _setup_django,
    _throughput,
)

PLAYERS = 1000
TABLES = 5000
BOT_LEVELS = ("easy", "medium", "hard")


def _fill(rng: random.Random) -> tuple[float, float]:
    """Players and finished tables (a tenth of them with a bot), then their ratings, each in
    one transaction; returns the seconds each took."""
    from django.db import transaction
    from django.utils import timezone

    from games.ratings.rate import rate_finished_games

    started = time.perf_counter()
    with transaction.atomic():
        _tables(rng, timezone.now())
    filled = time.perf_counter() - started
    started = time.perf_counter()
    with transaction.atomic():
        rate_finished_games()
    return filled, time.perf_counter() - started


def _tables(rng: random.Random, now: datetime) -> None:
    from tests.ratings.tables import finished_table, onlooker

    people = [onlooker(f"player{i:04d}") for i in range(PLAYERS)]
    # Some play far more than others, as on any site.
    weights = [1 / (1 + i / 50) for i in range(PLAYERS)]
    for n in range(TABLES):
        size = rng.choice((2, 2, 3, 3, 3, 4, 4, 5))
        seated: list[object] = []
        while len(seated) < size:
            person = rng.choices(people, weights)[0]
            if person not in seated:
                seated.append(person)
        if rng.random() < 0.1:
            seated[-1] = rng.choice(BOT_LEVELS)
        finished_table(
            seated,  # type: ignore[arg-type]
            [rng.randint(30, 80) for _ in seated],
            autopilot={0: rng.choice((0, 0, 0, 1, 4))},
            hours_to_play=rng.uniform(0.2, 20),
            finished_at=now - timedelta(days=(TABLES - n) * 180 / TABLES),
        )


def run() -> list[Measurement]:
    env = _bench_env()
    from django.conf import settings

    if settings.configured:  # after another bench module: let go of its connections first
        from django.db import connections

        connections.close_all()
    _setup_django(env)
    from django.contrib.auth.models import User
    from django.db.models import Count

    from games.models import Seat
    from games.models.ratings import Rating, RatingPool

    filled, rated = _fill(random.Random(12))
    ratings = Rating.objects.filter(pool=RatingPool.MULTI, games__gte=5).count()
    # The viewer: the busiest player of the site, whose own page is the heaviest to draw.
    busiest = (
        Seat.objects.exclude(user=None)
        .values("user_id")
        .annotate(tables=Count("id"))
        .order_by("-tables")
        .values_list("user_id", flat=True)
        .first()
    )
    assert busiest is not None
    viewer = User.objects.get(pk=busiest)
    tables = Seat.objects.filter(user=viewer).count()
    cookie = _session_cookie(viewer)
    name = viewer.profile.display_name
    port = _free_port()
    gunicorn = [
        sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", "--workers", "2",
        "--no-control-socket", "--bind", f"127.0.0.1:{port}", "--log-level", "info",
    ]  # fmt: skip
    signed_in: dict[str, float] = {}
    visitor: dict[str, float] = {}
    paths = {
        "leaderboard": "/leaderboard/?tab=multi",
        "month leaderboard": "/leaderboard/?tab=month",
        "player page": f"/players/{name}/",
    }
    with _process(gunicorn, env, "Booting worker"):
        _throughput(port, "/bench/trivial", cookie)  # warm up both workers
        trivial, _ = _throughput(port, "/bench/trivial", cookie)
        for what, path in paths.items():
            for cookies, out in ((cookie, signed_in), ("", visitor)):
                out[what], status = _throughput(port, path, cookies)
                assert status == 200, (path, status)
    data = f"{PLAYERS} players, {TABLES} tables"
    notes = {
        "leaderboard": f"3–5 players, {ratings} settled",
        "month leaderboard": "most tables finished this month",
        "player page": f"{name}, {tables} tables",
    }
    measured = [
        Measurement("database filled", filled, "s", note=data),
        Measurement(
            "rating one table", rated / TABLES * 1000, "ms", note=f"mean of {TABLES}, in turn"
        ),
        Measurement("trivial view", trivial, "req/s", note="gunicorn, 2 workers"),
    ]
    for what in paths:
        for who, out in (("signed in", signed_in), ("visitor", visitor)):
            measured += [
                Measurement(f"{what}, {who}", out[what], "req/s", note=notes[what]),
                Measurement(
                    f"{what}, {who} / trivial", out[what] / trivial, "ratio", 0.25, True, data
                ),
            ]
    return measured
