"""The site as the benches run it: the environment of a bench run (its own database and queues,
``DEBUG=0``), Django set up in the bench's process, gunicorn serving it, the throughput and CPU
time of a path, a session cookie, the table late in a game that the web benches measure, and
Chromium.
"""

from __future__ import annotations

import http.client
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from tests.load.cpu import thread_cpu_seconds

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from playwright.sync_api import Browser

    from games.models import Game

BASE_DIR = Path(__file__).resolve().parents[2]
CLIENTS = 4
SECONDS = 4.0
# What a browser sends: every page is measured as it travels, compressed.
GZIP = {"Accept-Encoding": "gzip"}


# As the run was started: each module names its own database from this, whatever the modules
# before it set in the environment.
_BASE_DATABASE_URL = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tipperary")
# Each run its own queues (make bench names one per run), so two runs on one Redis never take
# each other's tasks.
_BASE_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "tipperary")


def _bench_env() -> dict[str, str]:
    url = urlparse(_BASE_DATABASE_URL)
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
        "CELERY_TASK_DEFAULT_QUEUE": f"{_BASE_QUEUE}-bench",
        "PYTHONPATH": str(BASE_DIR),
        # The cache (sessions, drawn counties) in Redis, as in production, beside the broker.
        "CACHE_URL": _cache_url(os.environ.get("CELERY_BROKER_URL", "")),
    }


def _cache_url(broker: str) -> str:
    """A Redis database of its own next to a Redis broker; one process's memory otherwise."""
    url = urlparse(broker)
    if url.scheme not in ("redis", "rediss"):
        return "locmem://"
    return url._replace(path="/15").geturl()


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
    from django.conf import settings
    from django.db import connections

    # After another module in the same run, Django is set up already: point it at this database
    # and at this module's host names.
    connections.close_all()
    settings.DATABASES["default"]["NAME"] = name
    settings.ALLOWED_HOSTS = env["ALLOWED_HOSTS"].split(",")
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def late_table(people: list[User]) -> Game:
    """The table the page rows draw: five players (the first hosts) at round 10, seed 7."""
    from tests.games.playing import finish_turns, table_of

    table = table_of(*people, seed=7)
    rng = random.Random(7)
    for _ in range(9):
        table = finish_turns(table, rng)
    table.refresh_from_db()
    assert table.round == 10, table.round
    return table


def five_at_a_late_table() -> tuple[list[User], Game]:
    """Ann, Bob, Cat, Dan and Eve at ``late_table``, the work its moves enqueue run in-process."""
    from tests.factories import UserFactory
    from tipperary_site.celery import app as celery_app

    users = [UserFactory.create(username=n) for n in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    celery_app.conf.task_always_eager = True
    table = late_table(users)
    celery_app.conf.task_always_eager = False
    return users, table


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _process(
    args: list[str], env: dict[str, str], ready: str, cwd: Path = BASE_DIR
) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert process.stdout is not None
    said = []  # what it printed before it was ready: why it did not start, if it did not
    for line in process.stdout:
        if ready in line:
            break
        said.append(line)
    else:
        raise RuntimeError(f"{args[0]} did not start; it said:\n{''.join(said[-40:])}")
    threading.Thread(target=lambda: [None for _ in process.stdout or ()], daemon=True).start()
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


def _throughput(port: int, path: str, cookie: str, seconds: float = SECONDS) -> tuple[float, int]:
    """Requests per second over ``seconds`` from ``CLIENTS`` keep-alive clients, and the status.

    Clients accept gzip, as browsers do, so the server's compression is part of the cost.
    """
    stop = time.perf_counter() + seconds
    counts = [0] * CLIENTS
    statuses: set[int] = set()

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop:
            conn.request("GET", path, headers={"Cookie": cookie, **GZIP})
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
    return sum(counts) / seconds, statuses.pop()


def _cpu_ms(
    pids: list[int], port: int, path: str, cookie: str, seconds: float
) -> tuple[float, int, float, int]:
    """``_throughput``, with the CPU time the web processes ``pids`` spent meanwhile: requests
    per second, status, CPU seconds and requests served. CPU time per request, unlike
    requests per second, hardly moves with what else a shared machine runs."""
    before = sum(thread_cpu_seconds(pid) for pid in pids)
    rate, status = _throughput(port, path, cookie, seconds)
    spent = sum(thread_cpu_seconds(pid) for pid in pids) - before
    return rate, status, spent, round(rate * seconds)


def _load() -> str:
    return "load " + " ".join(f"{n:.2f}" for n in os.getloadavg())


def _gunicorn(port: int) -> list[str]:
    return [
        sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", "--workers", "2",
        "--no-control-socket", "--bind", f"127.0.0.1:{port}", "--log-level", "info",
    ]  # fmt: skip


def _get(port: int, path: str, cookie: str, headers: dict[str, str]) -> tuple[bytes, str]:
    """The body of one GET as it travels, and its ``Content-Encoding``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Cookie": cookie, **headers})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    assert response.status == 200, (path, response.status)
    return body, response.getheader("Content-Encoding", "")


def paired_ms(
    ports: tuple[int, int], paths: tuple[str, str], cookies: tuple[str, str], count: int
) -> list[tuple[float, float]]:
    """Milliseconds of ``count`` pairs of GETs, ``paths[i]`` to ``ports[i]`` in turn (which
    first alternates), so a burst of other work on the machine falls on both sides of a pair."""
    conns = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for port in ports]

    def timed(i: int) -> float:
        started = time.perf_counter()
        conns[i].request("GET", paths[i], headers={"Cookie": cookies[i], **GZIP})
        response = conns[i].getresponse()
        response.read()
        assert response.status in (200, 204), (ports[i], paths[i], response.status)
        return (time.perf_counter() - started) * 1000

    pairs = []
    for n in range(count):
        if n % 2:
            second, first = timed(1), timed(0)
        else:
            first, second = timed(0), timed(1)
        pairs.append((first, second))
    for conn in conns:
        conn.close()
    return pairs


def _session_cookie(user: User, backend: str | None = None) -> str:
    """A ``Cookie`` header with a session of ``user``, as logging in would make it (through
    ``backend``, the site's first unless told)."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = backend or settings.AUTHENTICATION_BACKENDS[0]
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def _poll_query(port: int, game: Game, cookie: str) -> str:
    """What the page's poll sends (its token, its viewer, the talk it shows and what its other
    counties and wheel show) as the viewer with ``cookie`` gets it."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", f"/games/{game.pk}/", headers={"Cookie": cookie})
    html = conn.getresponse().read().decode()
    conn.close()
    match = re.search(r"/status/\?(t=[0-9a-f]+&amp;v=\d+&amp;c=[0-9.]+&amp;k=\w+&amp;w=\w+)", html)
    assert match is not None, "the game page has no poll"
    return match.group(1).replace("&amp;", "&")


def own_half_moved(poll: str) -> str:
    """The poll's query as a page drawn before a change of the viewer's own sends it (the
    second twelve digits of its token old): the poll answers with ``#game``."""
    return re.sub(r"t=([0-9a-f]{12})[0-9a-f]{12}", r"t=\g<1>" + "0" * 12, poll)


def table_half_moved(poll: str) -> str:
    """The poll's query as a page drawn before a neighbour's move sends it (the first twelve
    digits of its token old): the poll answers with the table panel."""
    return re.sub(r"t=[0-9a-f]{12}", "t=" + "0" * 12, poll)


@contextmanager
def _chromium() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()
