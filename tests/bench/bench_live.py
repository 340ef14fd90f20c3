"""Live tables and "Play now": how late after a live deadline the autopilot's turn is logged,
through Redis and a real worker, and what the matcher costs with many people waiting.

- Five live tables of one person and one bot, their deadlines 3 s apart (one worker runs one
  task at a time: so each deadline is measured on its own); the person plays nothing, so the
  worker's timed ``games.play_overdue`` plays each missing turn. The row is the time from each
  deadline to the autopilot's first logged move, which the expert bot works out first (median
  and worst of 5; the issue asks for at most 5 s).
- The matcher's plan (who sits with whom, no database) for 1 000 people waiting at one speed,
  with mixed counts and skills and waits of up to a minute.
- One matcher run over 100 people waiting at one speed: it reads and locks the queue and opens
  and starts every table it can; per table opened.

Runs on its own database (``<DATABASE_URL name>_live``). Alone:
``python -m tests.bench bench_live``.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from tests.bench import Measurement, median_ms
from tests.bench.served import BASE_DIR, _bench_env, _setup_django

if TYPE_CHECKING:
    from games.models import QueueEntry

TABLES = 5
QUEUE_PLANNED = 1_000
QUEUE_MATCHED = 100
QUEUE_NAME = "tipperary-bench-live"


def _lateness(env: dict[str, str]) -> list[float]:
    """Seconds from each live deadline to the autopilot's first move, through a real worker."""
    from django.utils import timezone

    from games import services
    from games.models import Action, ActionSource, RoundTime
    from tests.factories import UserFactory
    from tests.fixtures.worker import Worker
    from tipperary_site.celery import app as celery_app

    with celery_app.connection_for_write() as conn:
        for name in (QUEUE_NAME, f"{QUEUE_NAME}-mail"):
            conn.default_channel.queue_purge(name)
    args = [
        sys.executable, "-m", "celery", "-A", "tipperary_site", "worker", "--pool=solo",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
        "--queues", QUEUE_NAME,
    ]  # fmt: skip
    process = subprocess.Popen(
        args, cwd=BASE_DIR, env={**env, "LOG_LEVEL": "INFO"}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    worker = Worker(process)
    try:
        worker.wait_ready()
        mark = len(worker.lines)
        now = timezone.now()
        games = [
            services.create_game(
                UserFactory.create(username=f"Live{n}"),
                seats_wanted=2,
                round_minutes=RoundTime.ONE_MINUTE,
                is_open=False,
                rated=False,
                bots=["easy"],
                now=now - timedelta(seconds=57 - 3 * n),
            )
            for n in range(TABLES)
        ]
        for _ in games:
            line = worker.wait_for_line(
                r"Task games\.play_overdue\[.*\] succeeded.*: 1$", after=mark, timeout=60
            )
            mark = worker.lines.index(line, mark) + 1
        late = []
        for game in games:
            first = (
                Action.objects.filter(game=game, seat=0, source=ActionSource.AUTOPILOT)
                .order_by("seq")
                .first()
            )
            assert first is not None and game.round_deadline is not None
            late.append((first.created_at - game.round_deadline).total_seconds())
        return late
    finally:
        worker.stop()


def _queue(size: int, rng: random.Random) -> list[QueueEntry]:
    """``size`` people waiting at one speed, oldest first (unsaved rows, for the plan)."""
    from django.utils import timezone

    from games.models import PlayerCount, QueueEntry

    now = timezone.now()
    counts = list(PlayerCount)
    joined = sorted(rng.uniform(0, 60) for _ in range(size))
    return [
        QueueEntry(
            user_id=n + 1,
            players=rng.choice(counts),
            round_minutes=2,
            skill=rng.gauss(25, 4),
            joined_at=now - timedelta(seconds=60 - at),
            bots_after=None,
        )
        for n, at in enumerate(joined)
    ]


def _matcher_run(rng: random.Random) -> tuple[float, int]:
    """Seconds of one matcher run over ``QUEUE_MATCHED`` people waiting, and tables opened."""
    from games.services import matchmaking
    from tests.factories import UserFactory

    for entry in _queue(QUEUE_MATCHED, rng):
        entry.user = UserFactory.create(username=f"Waiting{entry.user_id}")
        entry.save()
    started = time.perf_counter()
    opened = matchmaking.match_all()
    return time.perf_counter() - started, opened


def run() -> list[Measurement]:
    env = _bench_env()
    url = urlparse(env["DATABASE_URL"])
    env["DATABASE_URL"] = url._replace(path=url.path.removesuffix("_bench") + "_live").geturl()
    env["DJANGO_SETTINGS_MODULE"] = "tipperary_site.settings"
    env["CELERY_TASK_DEFAULT_QUEUE"] = QUEUE_NAME
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    _setup_django(env)
    from django.conf import settings
    from django.utils import timezone

    from games.services.matchmaking import plan
    from tipperary_site.celery import app as celery_app

    settings.CELERY_TASK_DEFAULT_QUEUE = QUEUE_NAME
    celery_app.conf.task_default_queue = QUEUE_NAME
    celery_app.conf.task_always_eager = False
    late = _lateness(env)

    rng = random.Random(7)
    waiting = _queue(QUEUE_PLANNED, rng)
    now = timezone.now()
    planned = len(plan(waiting, now))
    plan_ms = median_ms(lambda: plan(waiting, now), repeat=5, warmup=1)
    celery_app.conf.task_always_eager = True  # the started tables' bot and mail work, in-process
    seconds, opened = _matcher_run(rng)
    return [
        Measurement(
            "live deadline → autopilot's move (median)",
            statistics.median(late),
            "s",
            5.0,
            note=f"a timed task on Redis and a worker; {TABLES} tables",
        ),
        Measurement("live deadline → autopilot's move (worst)", max(late), "s", 5.0),
        Measurement(
            "matcher's plan, 1 000 waiting",
            plan_ms,
            "ms",
            note=f"{planned} tables; counts and skills mixed, waits up to a minute",
        ),
        Measurement(
            "matcher run, per table opened",
            seconds * 1000 / max(opened, 1),
            "ms",
            note=f"{QUEUE_MATCHED} waiting → {opened} tables started, in {seconds:.2f} s",
        ),
    ]
