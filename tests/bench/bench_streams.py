"""Live pages' streams: one stream process (uvicorn, as the Procfile runs it) holding 1,000
idle streams (its memory, threads and CPU), the time one table change takes to reach all
1,000, the time a player's "done" takes to reach the streams of the two others at their
table, and then the whole way in Chromium: three people's pages under gunicorn beside the
stream process, from a neighbour's last move (or a message) to the change on the other pages.
``STREAMS_SHARED_THREAD=0`` measures streams served with a sync thread each (tipperary_site.asgi).

1,000 people watch one open table, each on a stream of their own (as spectators' pages hold).
Runs on the web benchmark's database (``<DATABASE_URL name>_bench``, made afresh) with its
settings, and the configured Redis. Run alone with ``python -m tests.bench bench_streams``.
"""

from __future__ import annotations

import asyncio
import functools
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tests.bench import Measurement
from tests.bench.served import _bench_env, _setup_django

if TYPE_CHECKING:
    from django.contrib.auth.models import User

STREAMS = 1000
OPENING_AT_ONCE = 50
IDLE_SECONDS = 45.0  # two heartbeats of every stream
SAMPLES = 5
TICKS = os.sysconf("SC_CLK_TCK")


def run() -> list[Measurement]:
    saved = dict(os.environ)
    try:
        env = _bench_env()
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the ORM next to Playwright's sync API
        _setup_django(env)
        sessions, people, tables = _setup()
        streams = asyncio.run(_measure(env, sessions, people, tables))
        return [*streams, *_in_chromium(env, people, sessions[STREAMS:])]
    finally:
        from django.db import connections

        connections.close_all()
        os.environ.clear()
        os.environ.update(saved)


@dataclass
class Stream:
    """One open stream: when each ``changed`` event came."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    changes: list[float] = field(default_factory=list)
    opened: asyncio.Event = field(default_factory=asyncio.Event)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def follow(self) -> None:
        while line := await self.reader.readline():
            if line.startswith(b"event: here"):
                self.opened.set()
            elif line.startswith(b"event: changed"):
                self.changes.append(time.perf_counter())
                self.changed.set()


async def _open(port: int, path: str, session: str) -> Stream:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        f"Cookie: sessionid={session}\r\n\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    assert b" 200 " in status, status
    stream = Stream(reader, writer)
    asyncio.get_running_loop().create_task(stream.follow())
    await asyncio.wait_for(stream.opened.wait(), 30)
    return stream


def _process(pid: int) -> tuple[float, float, int]:
    """CPU seconds so far, resident memory (MB) and threads of the process ``pid``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return cpu, int(status["VmRSS"].split()[0]) / 1024, int(status["Threads"])


def _in_chromium(env: dict[str, str], people: list[User], sessions: list[str]) -> list[Measurement]:
    """Three people's pages in Chromium, under gunicorn beside the stream process: from a
    neighbour's last move (or a message) to the change on the two other pages."""
    from games.services import submit_action
    from games.services.chat import post_message
    from tests.bench.served import _chromium, _gunicorn, _process
    from tests.browser.playing import change_seen
    from tests.fixtures.processes import free_port
    from tests.games.playing import table_of

    web, streams = free_port(), free_port()
    site = f"http://127.0.0.1:{web}"
    web_env = {**env, "STREAMS_ORIGIN": f"http://127.0.0.1:{streams}"}
    stream_env = {**env, "SITE_URL": site, "CSRF_TRUSTED_ORIGINS": site}
    uvicorn = [
        sys.executable, "-m", "uvicorn", "tipperary_site.asgi:application", "--host",
        "127.0.0.1", "--port", str(streams), "--lifespan", "off", "--ws", "none",
    ]  # fmt: skip
    rng = random.Random(11)
    done: list[float] = []
    talk: list[float] = []
    with (
        _process(_gunicorn(web), web_env, "Booting worker"),
        _process(uvicorn, stream_env, "Uvicorn running"),
        _chromium() as browser,
    ):
        pages = []
        for session in sessions:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_cookies([{"name": "sessionid", "value": session, "url": site}])
            pages.append(context.new_page())
        for _ in range(3):
            table = table_of(*people).pk
            for page in pages:
                page.goto(f"{site}/games/{table}/")
            for page in pages:  # every page on its stream: each sees the three at the table
                page.wait_for_selector(".presence.is-here >> nth=2", timeout=30_000)
            for position in (0, 1):  # the third one done would end the round (a worker's job)
                notation, step = _last_move(table, people[position], rng, position)
                others = [page for i, page in enumerate(pages) if i != position]
                move = functools.partial(submit_action, table, people[position], notation, step)
                done += change_seen(others, "#table tr", [people[position].username, "done"], move)
            text = f"Hello at table {table}"
            say = functools.partial(post_message, table, people[2], text)
            talk += change_seen(pages[:2], "#chat", [text], say)
    return [
        Measurement(
            "a neighbour's done on the other pages, Chromium (median)",
            1000 * statistics.median(done), "ms", limit=1000.0,
            note=f"{len(done)} pages; the stream, then the poll's fragment; the poll alone: 7-10 s",
        ),
        Measurement(
            "a table message on the other pages, Chromium (median)",
            1000 * statistics.median(talk), "ms", limit=1000.0,
            note=f"{len(talk)} pages; the poll alone: about 10 s",
        ),
    ]  # fmt: skip


def _last_move(table: int, person: User, rng: random.Random, position: int = 0) -> tuple[str, int]:
    """Play the seat's turn up to its last move; that move and the seat's step."""
    import engine
    from games import services
    from games.engine_bridge import load_state
    from games.models import Game
    from tests.games.playing import any_legal_action, step_of

    while True:
        game = Game.objects.get(pk=table)
        state = load_state(game)
        notation = any_legal_action(state, position, rng)
        assert notation is not None
        after, _ = engine.apply(state, position, engine.parse_action(notation))
        if engine.pending(after, position).kind is engine.PendingKind.NONE:
            return notation, step_of(game, person)
        services.submit_action(table, person, notation, step_of(game, person))


def _session(user: User) -> str:
    """A logged-in session of ``user``, as the log-in page makes it."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "accounts.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    assert store.session_key is not None
    return store.session_key


def _setup() -> tuple[list[str], list[User], list[int]]:
    """The sessions of 1,000 watchers and three players, the players, and their tables."""
    from django.contrib.auth.models import User

    from accounts.models import Profile
    from tests.games.playing import table_of

    people = [
        User.objects.create_user(name, f"{name}@example.com", "x")
        for name in ("ann", "bob", "cara")
    ]
    for person in people:
        Profile.objects.create(user=person, display_name=person.username, time_zone="UTC")
    tables = [table_of(*people).pk for _ in range(SAMPLES)]
    watchers = User.objects.bulk_create(
        User(username=f"watcher{n}", email=f"watcher{n}@example.com", password="!")
        for n in range(STREAMS)
    )
    Profile.objects.bulk_create(
        Profile(user=user, display_name=user.username, time_zone="UTC") for user in watchers
    )
    return [_session(user) for user in [*watchers, *people]], people, tables


async def _measure(
    env: dict[str, str], sessions: list[str], people: list[User], tables: list[int]
) -> list[Measurement]:
    own = os.environ.get("STREAMS_SHARED_THREAD") == "0"
    from asgiref.sync import sync_to_async

    from games import services
    from games.services.chat import post_message
    from tests.fixtures.processes import free_port, start

    port = free_port()
    args = [
        sys.executable, "-m", "uvicorn", "tipperary_site.asgi:application", "--host",
        "127.0.0.1", "--port", str(port), "--lifespan", "off", "--ws", "none",
        "--no-access-log", "--timeout-graceful-shutdown", "1",
    ]  # fmt: skip
    server = await asyncio.to_thread(start, args, env, ready="Uvicorn running", name="streams")
    pid = server.process.pid
    try:
        _, rss_before, _ = _process(pid)
        gate = asyncio.Semaphore(OPENING_AT_ONCE)

        async def opened(session: str, table: int) -> Stream:
            async with gate:
                return await _open(port, f"/games/{table}/events/", session)

        started = time.perf_counter()
        watching = await asyncio.gather(*(opened(s, tables[0]) for s in sessions[:STREAMS]))
        opening_s = time.perf_counter() - started
        cpu_before, rss_idle, threads = _process(pid)
        await asyncio.sleep(IDLE_SECONDS)  # idle: heartbeats only
        cpu_after, _, _ = _process(pid)
        idle_cpu = 100 * (cpu_after - cpu_before) / IDLE_SECONDS

        # One table change (a message) to all 1,000 streams.
        fan_out = []
        for n in range(SAMPLES):
            for stream in watching:
                stream.changed.clear()
            began = time.perf_counter()
            await sync_to_async(post_message)(tables[0], people[0], f"hello {n}")
            await asyncio.gather(*(stream.changed.wait() for stream in watching))
            fan_out.append(max(stream.changes[-1] for stream in watching) - began)

        # A neighbour's last move of the round to the other seats' streams, at five tables.
        neighbours = []
        rng = random.Random(7)
        for table in tables:
            seats = [await opened(session, table) for session in sessions[STREAMS + 1 :]]

            notation, step = await sync_to_async(_last_move)(table, people[0], rng)
            for stream in seats:
                stream.changed.clear()
            began = time.perf_counter()
            await sync_to_async(services.submit_action)(table, people[0], notation, step)
            await asyncio.gather(*(stream.changed.wait() for stream in seats))
            neighbours += [stream.changes[-1] - began for stream in seats]
        for stream in watching:
            stream.writer.close()
    finally:
        server.stop()
    per_stream_kb = (rss_idle - rss_before) * 1024 / STREAMS
    return [
        Measurement(
            f"{STREAMS} idle streams: memory of the stream process"
            + (" (a sync thread each)" if own else ""), rss_idle, "MB",
            note=f"{rss_before:.0f} MB before; {per_stream_kb:.0f} KB a stream; "
            f"{threads} threads; opened in {opening_s:.1f} s",
        ),
        Measurement(
            f"{STREAMS} idle streams: CPU of the stream process", idle_cpu, "% of a core",
            limit=5.0, note=f"over {IDLE_SECONDS:.0f} s: heartbeats and presence renewals",
        ),
        Measurement(
            f"one table change to all {STREAMS} streams (slowest, median of {SAMPLES})",
            1000 * statistics.median(fan_out), "ms", limit=1000.0,
            note=f"commit to the last stream's event; all {SAMPLES}: "
            + ", ".join(f"{1000 * s:.0f}" for s in fan_out),
        ),
        Measurement(
            "a neighbour's done to the others' streams (median)",
            1000 * statistics.median(neighbours), "ms", limit=1000.0,
            note="from the move's request; the poll alone took 7-10 s (issue 27)",
        ),
    ]  # fmt: skip
