"""``make load``: 200 simulated players at 40 tables of five play through the real web server
(gunicorn, as the Procfile runs it) and a real worker, on PostgreSQL and Redis, for 60 seconds.

Each player loops: open the game page, then either send a legal move (when it is their turn) or
poll the table's status, then think for a moment. Legal moves are chosen by the player's own
"mind" (the engine, from the table's state); everything else goes over HTTP on loopback. The run
prints throughput and the p50/p95/p99 latency of each endpoint, the errors (anything but the
expected answers, which must be none) and the rounds the worker advanced; its last line reads
``load: N requests, 0 errors, p95 X ms, R rounds advanced``.

``LOAD_SECONDS`` and ``LOAD_TABLES`` shorten or shrink the run. On its own database
(``<DATABASE_URL name>_load``).
"""

from __future__ import annotations

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

from tests.bench.bench_web import BASE_DIR, _bench_env, _free_port, _process, _setup_django

SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
TABLES = int(os.environ.get("LOAD_TABLES", "40"))
PLAYERS_PER_TABLE = 5
# gunicorn closes a keep-alive connection idle for 2 s (its default); a browser then opens anew.
KEEP_ALIVE = 1.5
THINK = (1.0, 3.0)  # seconds a player waits between two requests (reading, thinking)
# The CSRF secret every player's browser holds (Django takes the unmasked secret as a token).
CSRF = "loadtestcsrfsecret00000000000000"
EXPECTED = {"page": {200}, "move": {302}, "poll": {200, 204, 286}}


@dataclass
class Tally:
    """What every player saw, shared under a lock."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, endpoint: str, started: float, status: int | None, what: str = "") -> None:
        elapsed = (time.perf_counter() - started) * 1000
        with self.lock:
            self.latencies[endpoint].append(elapsed)
            if status not in EXPECTED[endpoint]:
                self.errors.append(f"{endpoint} {status} {what}".strip())


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Player(threading.Thread):
    """One person at one table, with a keep-alive connection of their own."""

    def __init__(self, port: int, game_id: int, user_id: int, cookie: str, tally: Tally,
                 stop_at: float, seed: int, minds: threading.Semaphore) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.port, self.game_id, self.user_id, self.cookie = port, game_id, user_id, cookie
        self.tally, self.stop_at, self.rng, self.minds = tally, stop_at, random.Random(seed), minds
        self.last_used = 0.0

    def _request(self, conn: http.client.HTTPConnection, method: str, path: str,
                 body: str | None = None) -> tuple[int, str]:  # fmt: skip
        if time.perf_counter() - self.last_used > KEEP_ALIVE:
            conn.close()  # as a browser does: the server has closed the idle connection by now
        headers = {"Cookie": f"{self.cookie}; csrftoken={CSRF}"}
        if body is not None:
            # As htmx sends it (the page puts the token in hx-headers).
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = CSRF
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        text = response.read().decode(errors="replace")
        self.last_used = time.perf_counter()
        return response.status, text

    def _think(self) -> tuple[str, int] | None:
        """The move this player would make now and their seat's step (None: nothing to do)."""
        from django.db import connection

        from games.engine_bridge import load_state
        from games.models import Game, Seat
        from tests.games.playing import any_legal_action

        with self.minds:  # a few minds at a time: each holds a database connection
            try:
                game = Game.objects.get(pk=self.game_id)
                seat = Seat.objects.get(game_id=self.game_id, user_id=self.user_id)
                notation = any_legal_action(load_state(game), seat.position, self.rng)
                return None if notation is None else (notation, seat.step)
            finally:
                connection.close()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        page = f"/games/{self.game_id}/"
        while time.perf_counter() < self.stop_at:
            try:
                started = time.perf_counter()
                status, html = self._request(conn, "GET", page)
                self.tally.record("page", started, status)
                move = self._think()
                if move is not None:
                    started = time.perf_counter()
                    body = urlencode({"notation": move[0], "step": move[1]})
                    status, _ = self._request(conn, "POST", f"{page}play/", body)
                    self.tally.record("move", started, status, move[0])
                else:
                    token = re.search(r"/status/\?t=([0-9a-f]+)", html)
                    started = time.perf_counter()
                    status, _ = self._request(conn, "GET", f"{page}status/?t={token.group(1)}"
                                              if token else f"{page}status/")  # fmt: skip
                    self.tally.record("poll", started, status)
            except (OSError, http.client.HTTPException) as error:
                with self.tally.lock:
                    self.tally.errors.append(f"{type(error).__name__}: {error}")
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            time.sleep(self.rng.uniform(*THINK))
        conn.close()


def main() -> int:
    env = _bench_env()
    url = urlparse(env["DATABASE_URL"])
    env["DATABASE_URL"] = url._replace(path=url.path.removesuffix("_bench") + "_load").geturl()
    env["CELERY_TASK_DEFAULT_QUEUE"] = "tipperary-load"
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    _setup_django(env)
    from games import services
    from games.models import Game, GameStatus
    from tests.bench.bench_web import _session_cookie
    from tests.factories import UserFactory
    from tests.fixtures.worker import Worker
    from tipperary_site.celery import app as celery_app

    celery_app.conf.task_always_eager = True
    seats: list[tuple[int, int, str]] = []
    for t in range(TABLES):
        people = [UserFactory.create(username=f"p{t}x{n}") for n in range(PLAYERS_PER_TABLE)]
        game = services.create_game(people[0], seats_wanted=PLAYERS_PER_TABLE, round_hours=24,
                                    is_open=False, rated=True)  # fmt: skip
        Game.objects.filter(pk=game.pk).update(seed=1000 + t)
        for person in people[1:]:
            services.invite_player(game.pk, people[0], person.profile.display_name)
            services.join_game(game.pk, person)
        seats += [(game.pk, person.pk, _session_cookie(person)) for person in people]
    celery_app.conf.task_always_eager = False
    rounds_before = sum(Game.objects.values_list("round", flat=True))
    assert Game.objects.filter(status=GameStatus.PLAYING).count() == TABLES

    port = _free_port()
    gunicorn = [
        sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", "--workers", "2", "--threads",
        "4", "--bind", f"127.0.0.1:{port}", "--log-level", "info",
    ]  # fmt: skip
    queues = f"{env['CELERY_TASK_DEFAULT_QUEUE']},{env['CELERY_TASK_DEFAULT_QUEUE']}-mail"
    worker_args = [
        sys.executable, "-m", "celery", "-A", "tipperary_site", "worker", "--pool=solo",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
        "--queues", queues,
    ]  # fmt: skip
    tally = Tally()
    worker = Worker(subprocess.Popen(worker_args, cwd=BASE_DIR, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True))  # fmt: skip
    worker.wait_ready()
    try:
        with _process(gunicorn, env, "Booting worker"):
            started = time.perf_counter()
            stop_at = started + SECONDS
            minds = threading.Semaphore(8)
            players = [Player(port, g, u, c, tally, stop_at, seed, minds)
                       for seed, (g, u, c) in enumerate(seats)]  # fmt: skip
            for player in players:
                player.start()
            for player in players:
                player.join()
            elapsed = time.perf_counter() - started
    finally:
        worker.stop()
    rounds = sum(Game.objects.values_list("round", flat=True)) - rounds_before

    everything = [ms for values in tally.latencies.values() for ms in values]
    print(f"{len(seats)} players at {TABLES} tables for {elapsed:.0f} s "
          f"(gunicorn 2 workers x 4 threads, one worker)")  # fmt: skip
    print(f"{'endpoint':<8} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for name, values in sorted(tally.latencies.items()):
        print(f"{name:<8} {len(values):>8} {statistics.median(values):>8.0f} "
              f"{_percentile(values, 0.95):>8.0f} {_percentile(values, 0.99):>8.0f}")  # fmt: skip
    print(f"throughput: {len(everything) / elapsed:.0f} requests/s")
    for error in tally.errors[:10]:
        print(f"error: {error}")
    p95 = _percentile(everything, 0.95) if everything else 0.0
    print(f"load: {len(everything)} requests, {len(tally.errors)} errors, p95 {p95:.0f} ms, "
          f"{rounds} rounds advanced")  # fmt: skip
    return 1 if tally.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
