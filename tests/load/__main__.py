"""``make load``: 200 simulated players at 40 tables of five play through the real web server
(gunicorn, as the Procfile runs it) and a real worker, on PostgreSQL and Redis, for 60 seconds,
at a fixed request rate.

Each player, in turn, opens the game page, then either sends a move (when the table's next move
is theirs) or polls the table's status, as the page's poll does. The moves are worked out before
the run: each table's game is played out in the engine, seat after seat, round after round, and
the players send those moves in that order, so the driver does no game work while it measures
(its threads only send requests and read answers, and the site gets the machine).

A few threads send the requests at a fixed rate (``LOAD_RATE`` a second, counted over the whole
mix); each request is timed from when it is sent. After a warm-up, the run prints the rate asked
and reached, the p50/p95/p99 latency of each endpoint, the CPU time the site's processes spent
per request (gunicorn, the Celery worker, PostgreSQL's backends, read from ``/proc``) and the
load average, the errors (anything but the expected answers, which must be none) and the rounds
the worker advanced; its last line reads
``load: N requests, 0 errors, p95 X ms, R rounds advanced``. It fails on any error, and when
fewer than 95 % of its requests went out on time (it could not keep up the rate asked).

``LOAD_SECONDS``, ``LOAD_TABLES``, ``LOAD_RATE`` and ``LOAD_THREADS`` change the run;
``DATABASE_POOL_SIZE`` is passed on to the site. On its own database
(``<DATABASE_URL name>_load``).
"""

from __future__ import annotations

import gzip
import html
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlparse

import psycopg

from tests.bench.served import BASE_DIR, GZIP, _bench_env, _free_port, _process, _setup_django
from tests.load.cpu import Sampler, children

SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
WARM_UP = 5.0  # seconds at the same rate before the measuring starts (imports, caches)
TABLES = int(os.environ.get("LOAD_TABLES", "40"))
RATE = float(os.environ.get("LOAD_RATE", "50"))  # requests a second, the whole mix
THREADS = int(os.environ.get("LOAD_THREADS", "32"))
PLAYERS_PER_TABLE = 5
# A run that sends fewer of its requests on time could not sustain its rate: it fails.
KEPT_UP = 0.95
# gunicorn closes a keep-alive connection idle for 2 s (its default); a browser then opens anew.
KEEP_ALIVE = 1.5
# The CSRF secret every player's browser holds (Django takes the unmasked secret as a token).
CSRF = "loadtestcsrfsecret00000000000000"
EXPECTED = {"page": {200}, "move": {302}, "poll": {200, 204, 286}}
GUNICORN = ["--workers", "2", "--threads", "4"]  # as the Procfile runs it

_ROUND = re.compile(r"Round (\d+) of \d+")
_STEP = re.compile(r'name="step" value="(\d+)"')
_POLL = re.compile(r'hx-get="(/games/\d+/status/\?t=[^"]+)"')


@dataclass
class Tally:
    """What every player saw, shared under a lock; nothing is kept before ``since``."""

    since: float = float("inf")
    until: float = float("inf")
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    late: int = 0  # requests of the measured time sent over 100 ms after their slot
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, endpoint: str, slot: float, sent: float, status: int | None,
               what: str = "") -> None:  # fmt: skip
        elapsed = (time.perf_counter() - sent) * 1000
        with self.lock:
            if status not in EXPECTED[endpoint]:
                self.errors.append(f"{endpoint} {status} {what}".strip())
            if self.since <= slot < self.until:
                self.latencies[endpoint].append(elapsed)
                self.late += sent - slot > 0.1


@dataclass
class Table:
    """One table's moves, worked out before the run, and how many the site has taken."""

    game_id: int
    moves: list[tuple[int, int, str]]  # (seat, round, notation), in the order they are sent
    sent: int = 0


class Pace:
    """Hands out the send times of a fixed rate: the n-th request goes at start + n / rate."""

    def __init__(self, rate: float) -> None:
        self.rate, self.count, self.lock = rate, 0, threading.Lock()
        self.start = time.perf_counter() + 0.5

    def wait(self) -> tuple[float, float]:
        """Sleep until the next slot; the slot and the time the request is sent."""
        with self.lock:
            slot = self.start + self.count / self.rate
            self.count += 1
        delay = slot - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        return slot, time.perf_counter()


@dataclass
class Player:
    """One person at one table: their seat, session and keep-alive connection."""

    port: int
    table: Table
    seat: int
    cookie: str
    conn: http.client.HTTPConnection | None = None
    last_used: float = 0.0

    def request(self, pace: Pace, tally: Tally, endpoint: str, method: str, path: str,
                body: str | None = None, what: str = "") -> tuple[int | None, str]:  # fmt: skip
        if self.conn is not None and time.perf_counter() - self.last_used > KEEP_ALIVE:
            self.conn.close()  # as a browser does: the server has closed the idle connection
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Cookie": f"{self.cookie}; csrftoken={CSRF}", **GZIP}
        if body is not None:
            # As htmx sends it (the page puts the token in hx-headers).
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = CSRF
        slot, sent = pace.wait()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            tally.record(endpoint, slot, sent, None, f"{type(error).__name__}: {error}")
            self.conn.close()
            self.conn = None
            return None, ""
        self.last_used = time.perf_counter()
        tally.record(endpoint, slot, sent, response.status, what)
        if response.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        return response.status, raw.decode(errors="replace")

    def visit(self, pace: Pace, tally: Tally) -> None:
        """Open the page, then send the table's next move if it is ours, or poll."""
        page = f"/games/{self.table.game_id}/"
        status, text = self.request(pace, tally, "page", "GET", page)
        if status != 200:
            return
        shown = _ROUND.search(text)
        step = _STEP.search(text)
        table = self.table
        if table.sent < len(table.moves):
            seat, round_, notation = table.moves[table.sent]
            if seat == self.seat and shown and int(shown.group(1)) == round_ and step:
                body = urlencode({"notation": notation, "step": step.group(1), "round": round_})
                status, _ = self.request(pace, tally, "move", "POST", f"{page}play/", body,
                                         notation)  # fmt: skip
                if status == 302:
                    table.sent += 1
                return
        poll = _POLL.search(text)
        self.request(pace, tally, "poll", "GET", html.unescape(poll.group(1)) if poll
                     else f"{page}status/")  # fmt: skip


def _moves(game_id: int, rounds: int, rng: random.Random) -> list[tuple[int, int, str]]:
    """The table's next ``rounds`` rounds of moves: each seat plays its turn, one after another."""
    import engine
    from games.engine_bridge import load_state
    from games.models import Game
    from tests.games.playing import any_legal_action

    state = load_state(Game.objects.get(pk=game_id))
    moves = []
    for _ in range(rounds):
        if state.phase is not engine.Phase.PLAYING:
            break
        for seat in range(state.players):
            while (notation := any_legal_action(state, seat, rng)) is not None:
                moves.append((seat, state.round, notation))
                state, _ = engine.apply(state, seat, engine.parse_action(notation))
        state, _ = engine.apply(state, None, engine.EndRound())
    return moves


def _drive(players: list[Player], pace: Pace, tally: Tally, stop_at: float) -> None:
    """One thread: visit its players in turn until the time is up."""
    while True:
        for player in players:
            if time.perf_counter() >= stop_at:
                if player.conn is not None:
                    player.conn.close()
                return
            player.visit(pace, tally)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Backends:
    """The PostgreSQL backends serving the run's database, asked on one connection of its own
    (left out). A sample that cannot ask (PostgreSQL full, say) finds none; the next one counts.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn: psycopg.Connection[tuple[int]] | None = None

    def __call__(self) -> list[int]:
        try:
            if self.conn is None or self.conn.closed:
                self.conn = psycopg.connect(self.url, autocommit=True)
            rows = self.conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid()"
            ).fetchall()
        except psycopg.OperationalError:
            return []
        return [pid for (pid,) in rows]

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


def main() -> int:
    env = _bench_env()
    url = urlparse(env["DATABASE_URL"])
    env["DATABASE_URL"] = url._replace(path=url.path.removesuffix("_bench") + "_load").geturl()
    env["CELERY_TASK_DEFAULT_QUEUE"] = "tipperary-load"
    _setup_django(env)
    from django.db import connection

    from games import services
    from games.models import Game, GameStatus, Seat
    from tests.bench.served import _session_cookie
    from tests.factories import UserFactory
    from tests.fixtures.worker import Worker
    from tipperary_site.celery import app as celery_app

    celery_app.conf.task_always_eager = True
    port = _free_port()
    players: list[Player] = []
    # About one round a table every 40 s at the default rate: enough moves for the run, and more.
    rounds = int(SECONDS / 20) + 2
    for t in range(TABLES):
        people = [UserFactory.create(username=f"p{t}x{n}") for n in range(PLAYERS_PER_TABLE)]
        game = services.create_game(people[0], seats_wanted=PLAYERS_PER_TABLE, round_minutes=1440,
                                    is_open=False, rated=True)  # fmt: skip
        Game.objects.filter(pk=game.pk).update(seed=1000 + t)
        for person in people[1:]:
            services.invite_player(game.pk, people[0], person.profile.display_name)
            services.join_game(game.pk, person)
        table = Table(game.pk, _moves(game.pk, rounds, random.Random(t)))
        seats = dict(Seat.objects.filter(game_id=game.pk).values_list("user_id", "position"))
        players += [Player(port, table, seats[p.pk], _session_cookie(p)) for p in people]
    celery_app.conf.task_always_eager = False
    rounds_before = sum(Game.objects.values_list("round", flat=True))
    assert Game.objects.filter(status=GameStatus.PLAYING).count() == TABLES
    connection.close()
    random.Random(0).shuffle(players)  # each thread serves players of many tables

    gunicorn = [
        sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", *GUNICORN, "--bind",
        f"127.0.0.1:{port}", "--no-control-socket", "--log-level", "info",
    ]  # fmt: skip
    queues = f"{env['CELERY_TASK_DEFAULT_QUEUE']},{env['CELERY_TASK_DEFAULT_QUEUE']}-mail"
    worker_args = [
        sys.executable, "-m", "celery", "-A", "tipperary_site", "worker", "--pool=solo",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
        "--queues", queues,
    ]  # fmt: skip
    tally = Tally()
    # The worker says it is ready at INFO (the site's processes log warnings only).
    worker = Worker(subprocess.Popen(worker_args, cwd=BASE_DIR, env={**env, "LOG_LEVEL": "INFO"},
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True))  # fmt: skip
    worker.wait_ready()
    try:
        with _process(gunicorn, env, "Booting worker") as web:
            backends = Backends(env["DATABASE_URL"])
            sampler = Sampler({
                "web": lambda: [web.pid, *children(web.pid)],
                "worker": lambda: [worker.process.pid],
                "PostgreSQL": backends,
            })  # fmt: skip
            pace = Pace(RATE)
            tally.since = pace.start + WARM_UP
            stop_at = tally.until = tally.since + SECONDS
            threads = [threading.Thread(target=_drive, args=(players[i::THREADS], pace, tally,
                                                             stop_at), daemon=True)
                       for i in range(THREADS)]  # fmt: skip
            for thread in threads:
                thread.start()
            time.sleep(max(0.0, tally.since - time.perf_counter()))
            load_before = os.getloadavg()[0]
            driver_before = sum(os.times()[:2])
            sampler.start()
            for thread in threads:
                thread.join()
            spent = sampler.stop()
            backends.close()
            driver = sum(os.times()[:2]) - driver_before
            load_after = os.getloadavg()[0]
    finally:
        worker.stop()
    rounds_advanced = sum(Game.objects.values_list("round", flat=True)) - rounds_before

    everything = [ms for values in tally.latencies.values() for ms in values]
    count = max(1, len(everything))
    pool = os.environ.get("DATABASE_POOL_SIZE", "default")
    from gunicorn import __version__ as gunicorn_version

    print(f"{len(players)} players at {TABLES} tables for {SECONDS:.0f} s after {WARM_UP:.0f} s "
          f"of warm-up; gunicorn {gunicorn_version} {' '.join(GUNICORN)}, "
          f"DATABASE_POOL_SIZE={pool}; one Celery worker")  # fmt: skip
    on_time = 1 - tally.late / count
    print(f"rate: {RATE:.0f} requests/s asked, {len(everything) / SECONDS:.1f} sent by {THREADS} "
          f"threads, {on_time:.1%} of them on time (within 100 ms)")  # fmt: skip
    print(f"{'endpoint':<8} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for name, values in sorted(tally.latencies.items()):
        print(f"{name:<8} {len(values):>8} {statistics.median(values):>8.0f} "
              f"{_percentile(values, 0.95):>8.0f} {_percentile(values, 0.99):>8.0f}")  # fmt: skip
    site = sum(spent.values())
    parts = ", ".join(f"{name} {seconds * 1000 / count:.1f}" for name, seconds in spent.items())
    print(f"site CPU: {site * 1000 / count:.1f} ms per request ({parts}); "
          f"the driver {driver * 1000 / count:.1f}")  # fmt: skip
    print(f"load average: {load_before:.2f} at the start, {load_after:.2f} at the end "
          f"({os.cpu_count()} cores)")  # fmt: skip
    for error in tally.errors[:10]:
        print(f"error: {error}")
    p95 = _percentile(everything, 0.95) if everything else 0.0
    print(f"load: {len(everything)} requests, {len(tally.errors)} errors, p95 {p95:.0f} ms, "
          f"{rounds_advanced} rounds advanced")  # fmt: skip
    return 1 if tally.errors or on_time < KEPT_UP else 0


if __name__ == "__main__":
    raise SystemExit(main())
