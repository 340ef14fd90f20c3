"""The game page and the live-update poll under gunicorn on PostgreSQL, against a trivial view,
and the time from a round's last submit to the next round being visible, through Redis and a
real worker.

Everything runs in one go on its own database (``<DATABASE_URL name>_bench``), with the
production-like settings of ``DEBUG=0``. Run alone with ``python -m tests.bench bench_web``.
"""

from __future__ import annotations

import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from tests.bench import Measurement
from tests.games.playing import step_of

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from games.models import Game
    from tests.fixtures.worker import Worker

BASE_DIR = Path(__file__).resolve().parents[2]
CLIENTS = 4
SECONDS = 4.0


def _bench_env() -> dict[str, str]:
    url = urlparse(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tipperary"))
    if not url.scheme.startswith("postgres"):
        raise SystemExit("bench_web needs DATABASE_URL on PostgreSQL (make bench sets it)")
    database = url._replace(path=url.path + "_bench").geturl()
    return {
        **os.environ,
        "DATABASE_URL": database,
        "DJANGO_SETTINGS_MODULE": "tests.bench.web_settings",
        "DEBUG": "0",
        "SECRET_KEY": "bench-" + "k" * 60,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_MANIFEST": "0",
        "LOG_LEVEL": "WARNING",
        "CELERY_TASK_DEFAULT_QUEUE": "tipperary-bench",
        "PYTHONPATH": str(BASE_DIR),
    }


def _setup_django(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django
    import psycopg

    name = urlparse(env["DATABASE_URL"]).path.lstrip("/")
    admin = urlparse(env["DATABASE_URL"])._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _process(args: list[str], env: dict[str, str], ready: str) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        args, cwd=BASE_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert process.stdout is not None
    for line in process.stdout:
        if ready in line:
            break
    else:
        raise RuntimeError(f"{args[0]} did not start")
    threading.Thread(target=lambda: [None for _ in process.stdout or ()], daemon=True).start()
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


def _throughput(port: int, path: str, cookie: str) -> tuple[float, int]:
    """Requests per second over ``SECONDS`` from ``CLIENTS`` keep-alive clients, and the status."""
    stop = time.perf_counter() + SECONDS
    counts = [0] * CLIENTS
    statuses: set[int] = set()

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop:
            conn.request("GET", path, headers={"Cookie": cookie})
            response = conn.getresponse()
            response.read()
            statuses.add(response.status)
            counts[i] += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(statuses) == 1, statuses
    return sum(counts) / SECONDS, statuses.pop()


def _time_round_end(game: Game, last: User, rng: random.Random, worker: Worker) -> list[float]:
    """Play a round; time its last submit until the next round shows (none if not timed)."""
    import engine
    from games import services
    from games.engine_bridge import load_state
    from games.models import Game
    from tests.games.playing import any_legal_action, finish_turns

    game = finish_turns(game, rng, skip=(1,))
    before = game.round
    while True:  # the second seat plays; the move that completes the round is timed
        state = load_state(game)
        notation = any_legal_action(state, 1, rng)
        if notation is None:
            return []
        after, _ = engine.apply(state, 1, engine.parse_action(notation))
        mark = len(worker.lines)
        started = time.perf_counter()
        services.submit_action(game.pk, last, notation, step_of(game, last))
        game.refresh_from_db()
        if engine.round_complete(after):
            break
    worker.wait_for_line(r"games\.advance_round\[.*\] succeeded.*: True", after=mark)
    assert Game.objects.get(pk=game.pk).round == before + 1
    return [(time.perf_counter() - started) * 1000]


def run() -> list[Measurement]:
    env = _bench_env()
    _setup_django(env)
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    from games import services
    from games.models import Game
    from tests.factories import UserFactory
    from tests.fixtures.worker import Worker
    from tests.games.playing import finish_turns
    from tipperary_site.celery import app as celery_app

    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = services.create_game(ann, seats_wanted=2, round_hours=24, is_open=True, rated=True)
    Game.objects.filter(pk=game.pk).update(seed=7)
    game = services.join_game(game.pk, bob)
    rng = random.Random(7)
    celery_app.conf.task_always_eager = True
    for _ in range(5):  # a mid-game table: round 6
        game = finish_turns(game, rng)
    game.refresh_from_db()
    celery_app.conf.task_always_eager = False

    session = SessionStore()
    session["_auth_user_id"] = str(ann.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = ann.get_session_auth_hash()
    session.create()
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"

    port = _free_port()
    gunicorn = [
        sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", "--workers", "2",
        "--bind", f"127.0.0.1:{port}", "--log-level", "info",
    ]  # fmt: skip
    out: list[Measurement] = []
    with _process(gunicorn, env, "Booting worker"):
        _throughput(port, "/bench/trivial", cookie)  # warm up both workers
        trivial, _ = _throughput(port, "/bench/trivial", cookie)
        page, status = _throughput(port, f"/games/{game.pk}/", cookie)
        assert status == 200
        poll_path = f"/games/{game.pk}/status/?v={game.version}&r={game.round}"
        poll, status = _throughput(port, poll_path, cookie)
        assert status == 204
        out += [
            Measurement("trivial view", trivial, "req/s", note="gunicorn, 2 workers"),
            Measurement("game page", page, "req/s", note=f"round {game.round}, 2 players"),
            Measurement("game page / trivial", page / trivial, "ratio"),
            Measurement("unchanged poll (204)", poll, "req/s"),
            Measurement("unchanged poll / trivial", poll / trivial, "ratio"),
        ]

    worker = [
        sys.executable, "-m", "celery", "-A", "tipperary_site", "worker", "--pool=solo",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
        "--queues", env["CELERY_TASK_DEFAULT_QUEUE"],
    ]  # fmt: skip
    latencies: list[float] = []
    process = subprocess.Popen(
        worker, cwd=BASE_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    running = Worker(process)
    running.wait_ready()
    try:
        while len(latencies) < 5 and game.status == "playing":
            latencies.extend(_time_round_end(game, bob, rng, running))
            game.refresh_from_db()
    finally:
        running.stop()
    out.append(
        Measurement(
            "last submit → next round visible",
            statistics.median(latencies),
            "ms",
            note="through Redis and a worker (median of 5)",
        )
    )
    return out
