"""The cost of a game: one 5-player table played from its first round to its end through
gunicorn and a Celery worker, with the viewing of a live sitting, and the CPU time the site
spent on it, split by what it was spent on.

Five people play over HTTP, their moves worked out beforehand with the engine (tests.drills
``plan``), and keep the table's page open while they play, as the page behaves in a browser:

- each opens the whole page once when the game starts, and reads the final page at the end;
- every round each takes a while to play (``THINK``: the seats are done 15, 25 … 55 s after the
  round is dealt, in the plan's order) and sends their moves as the page's form does (htmx);
- meanwhile every open page polls at the page's own rate (every ``POLL_EVERY`` s while a round
  is open, and once more right away when the page shows the round ending): a round stays open
  55 s, so each page polls 6 times a round. A poll after a change a player may see (a neighbour
  done, the next round dealt, the end) gets what changed, drawn afresh (``#table`` or ``#game``);
  the others get 204;
- at the end the mail run (the outbox's minute) sends what the game left due.

The clock the sitting follows is told, not waited for: requests go one after another, in the
order the sitting would send them, so the run takes seconds and the site's processes do nothing
else. Each request's CPU time is read from ``/proc`` (every thread of the one gunicorn worker,
in nanoseconds) just before it is sent and just after its answer arrived; each task's from the
worker itself (tests.bench.game_cost_tasks). What they spent outside requests and tasks
(gunicorn's loop and master, Celery's consumer: mostly waiting, paid by the hour, not by the
game) is shown apart and left out of the cost, as are PostgreSQL's and Redis's (``make load``
reads PostgreSQL's: about an eighth of the web's).

The same worker's trivial view (``/bench/trivial``), asked 200 times before and after the game,
is the yardstick: the game's CPU in trivial views holds while the machine slows or speeds up
(its seconds drifted by half within an hour on a shared host), so runs hours apart compare.

On its own database (``<DATABASE_URL name>_bench``) and queues, with a cache prefix of its own
so that nothing drawn by an earlier run is found. Run alone with
``python -m tests.bench bench_game_cost``.
"""

from __future__ import annotations

import gzip
import html
import http.client
import os
import random
import re
import time
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit

from tests.bench import Measurement
from tests.bench.served import GZIP, _bench_env, _load, _session_cookie, _setup_django
from tests.fixtures.processes import Process, celery_worker_args, free_port, spawn, start_gunicorn
from tests.load.cpu import children, cpu_seconds, thread_cpu_seconds

PLAYERS = 5
THINK = (15.0, 25.0, 35.0, 45.0, 55.0)  # seconds from the deal until each seat is done
POLL_EVERY = 10.0  # the game page's poll while a round is open (templates/games/game.html)
CSRF = "gamecostcsrfsecret00000000000000"  # the browser's CSRF cookie (an unmasked secret)
DAY = 86_400.0

# What each kind of work is called in the rows, in the order they are printed.
KINDS = (
    "pages",
    "changes: #table",
    "changes: #game",
    "polls",
    "moves",
    "round ends",
    "bots/autopilot",
    "ratings",
    "mail",
    "other tasks",
)
WORDS = {
    "pages": "whole pages (opened at the start, the final page)",
    "changes: #table": "a poll after a neighbour is done: the table panel drawn afresh",
    "changes: #game": "a poll after the round ended (or the game): the whole #game drawn afresh",
    "polls": "polls answered 204 (nothing changed)",
    "moves": "moves (htmx POST, answered with #game)",
    "round ends": "round ends (games.advance_round)",
    "bots/autopilot": "bots/autopilot at each deal (games.play_waiting_seats)",
    "ratings": "rating the finished table (games.rate_game)",
    "mail": "the mail run (games.notifications, games.send_mail)",
    "other tasks": "other tasks",
}
TASK_KINDS = {
    "games.advance_round": "round ends",
    "games.play_waiting_seats": "bots/autopilot",
    "games.rate_game": "ratings",
    "games.notifications": "mail",
    "games.send_mail": "mail",
}
WEB_KINDS = ("pages", "changes: #table", "changes: #game", "polls", "moves")

_POLL = re.compile(r'hx-get="(/games/\d+/status/\?t=[^"]+)"')
_TASK = re.compile(r"task-cpu (\S+) ([0-9.]+)")


@dataclass
class Ledger:
    """CPU seconds and counts by kind of work."""

    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, kind: str, seconds: float) -> None:
        self.seconds[kind] += seconds
        self.counts[kind] += 1


class Site:
    """The one gunicorn worker, asked one request at a time, each one's CPU time booked."""

    def __init__(self, port: int, worker_pid: int, ledger: Ledger) -> None:
        self.port, self.pid, self.ledger = port, worker_pid, ledger

    def ask(self, kind: str, method: str, path: str, cookie: str, headers: Mapping[str, str],
            data: Mapping[str, object] | None = None) -> tuple[int, str]:  # fmt: skip
        """One request on a connection of its own, as a page polling every 10 s makes it (a
        browser's keep-alive ends after 2 s idle), booked under ``kind`` (a 204 under polls);
        its status and its text unpacked."""
        sent = {"Cookie": f"{cookie}; csrftoken={CSRF}", **GZIP, **headers}
        body = None
        if data is not None:
            body = urlencode(data)
            sent |= {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": CSRF}
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        before = thread_cpu_seconds(self.pid)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        spent = thread_cpu_seconds(self.pid) - before
        if response.getheader("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        if response.status == 204:
            kind = "polls"
        elif response.getheader("HX-Retarget") == "#game":
            kind = "changes: #game"  # the poll asked for #table, and got all of #game
        self.ledger.add(kind, spent)
        return response.status, raw.decode(errors="replace")

    def yardstick(self, requests: int = 200) -> float:
        """The trivial view's CPU seconds per request on this worker (``/bench/trivial``: every
        middleware, no session, no query), each on a connection of its own as the game's are."""
        spent = 0.0
        for _ in range(requests):
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            before = thread_cpu_seconds(self.pid)
            try:
                conn.request("GET", "/bench/trivial", headers=GZIP)
                response = conn.getresponse()
                response.read()
            finally:
                conn.close()
            spent += thread_cpu_seconds(self.pid) - before
            assert response.status == 200, response.status
        return spent / requests


@dataclass
class Player:
    """One person's browser: their session and the poll their page carries."""

    seat: int
    cookie: str
    poll: str = ""
    advancing: bool = False

    def saw(self, text: str) -> None:
        """Keep the poll of what was just drawn for them (every drawing of #table carries it)."""
        if found := _POLL.search(text):
            self.poll = html.unescape(found.group(1))
            self.advancing = "load, every 1s" in text

    def marks(self) -> dict[str, str]:
        """What the page shows as it stands (the talk, the other counties), which a move sends
        from the poll's inputs: the same values its address carries."""
        return {k: v for k, v in parse_qsl(urlsplit(self.poll).query) if k in ("c", "k")}

    def open_page(self, site: Site, game_id: int) -> None:
        status, text = site.ask("pages", "GET", f"/games/{game_id}/", self.cookie, {})
        assert status == 200, (status, text[:300])
        self.saw(text)

    def poll_once(self, site: Site) -> bool:
        """The page's poll; whether something had changed (and was drawn)."""
        htmx = {"HX-Request": "true", "HX-Target": "table", "HX-Trigger": "poll"}
        status, text = site.ask("changes: #table", "GET", self.poll, self.cookie, htmx)
        assert status in (200, 204, 286), (status, text[:300])
        if status != 204:
            self.saw(text)
        return status != 204


def _worker_args(queues: list[str]) -> list[str]:
    """The tests' worker, also loading the hook that books each task's CPU time."""
    return [
        f"{arg},tests.bench.game_cost_tasks" if arg.startswith("--include=") else arg
        for arg in celery_worker_args(queues)
    ]


class Tasks:
    """The tasks the worker reported, read from its log."""

    def __init__(self, worker: Process) -> None:
        self.worker = worker

    def done(self) -> list[tuple[str, float]]:
        return [
            (found.group(1), float(found.group(2)))
            for line in list(self.worker.lines)
            if (found := _TASK.search(line))
        ]

    def count(self, name: str) -> int:
        return sum(1 for n, _ in self.done() if n == name)

    def wait(self, name: str, count: int) -> None:
        """Until the worker has run ``name`` at least ``count`` times in all."""
        self.worker.wait_for_count(rf"task-cpu {re.escape(name)} ", count)

    def settle(self, quiet: float = 1.0) -> None:
        """Until the worker has printed nothing new for ``quiet`` seconds."""
        self.worker.wait_quiet(quiet)


def _play(site: Site, tasks: Tasks, game_id: int, players: list[Player]) -> int:
    """Play the whole game as a live sitting (the module's docstring); the rounds played."""
    from games.models import Game
    from tests.drills.conftest import Move, SeatsOverOneConnection, plan, wait_for_turn
    from tests.fixtures.worker import database_url

    # The moves of each round (and of the towers step, which keeps the last round's number),
    # by seat: the plan goes seat after seat, so a lower seat than the one before starts anew.
    rounds: list[dict[int, list[Move]]] = []
    for move in plan(Game.objects.get(pk=game_id), random.Random(7)):
        if not rounds or move.seat < max(rounds[-1]):
            rounds.append({})
        rounds[-1].setdefault(move.seat, []).append(move)
    read = SeatsOverOneConnection(database_url())
    advanced, rated = tasks.count("games.advance_round"), tasks.count("games.rate_game")

    def ended(n: int) -> tuple[str, int]:
        """The task that ends the ``n``-th round: the worker deals the next one; the towers
        step ends the game with its last move, and the worker rates the table."""
        if n == len(rounds):
            return "games.rate_game", rated + 1
        return "games.advance_round", advanced + n

    try:
        for player in players:
            player.open_page(site, game_id)
        for n, seats in enumerate(rounds, start=1):
            done_at = dict(zip(seats, THINK, strict=False))
            last = max(done_at.values())
            events = [(at, 1, seat) for seat, at in done_at.items()]
            polls = int(last // POLL_EVERY) + 1
            events += [(k * POLL_EVERY, 0, -1) for k in range(1, polls + 1)]
            for at, what, seat in sorted(events):
                if what == 0:
                    if at > last:  # the round was over: the worker dealt the next one
                        tasks.wait(*ended(n))
                        tasks.settle(0.3)  # and what the deal sent (the bots' turn)
                    for player in players:
                        player.poll_once(site)
                    continue
                player = players[seat]
                for move in seats[seat]:
                    step = wait_for_turn(game_id, move, read)
                    data = {"notation": move.notation, "step": step, "round": move.round}
                    data |= player.marks()  # the form includes the poll's (hx-include)
                    htmx = {"HX-Request": "true", "HX-Target": "game"}
                    status, text = site.ask(
                        "moves", "POST", f"/games/{game_id}/play/", player.cookie, htmx, data
                    )
                    assert status == 200, (status, text[:300])
                    player.saw(text)
                # A page drawn as the round ends polls at once, then every second.
                if player.advancing and not player.poll_once(site):
                    tasks.wait(*ended(n))
                    player.poll_once(site)
        for player in players:
            player.open_page(site, game_id)
        return len(rounds)
    finally:
        read.close()


def _table(prefix: str, seed: int) -> tuple[int, list[Player]]:
    """A table of five in its first round (lobby and joining are not the game's cost), and
    each person's browser, in seat order."""
    from games import services
    from games.models import Game, Seat
    from tests.factories import UserFactory

    people = [UserFactory.create(username=f"{prefix}{n}") for n in range(PLAYERS)]
    game = services.create_game(people[0], seats_wanted=PLAYERS, round_minutes=1440, is_open=True,
                                rated=True)  # fmt: skip
    Game.objects.filter(pk=game.pk).update(seed=seed)
    for person in people[1:]:
        services.join_game(game.pk, person)
    seats = Seat.objects.filter(game_id=game.pk).select_related("user").order_by("position")
    players = [Player(s.position, _session_cookie(s.user)) for s in seats if s.user is not None]
    assert Game.objects.get(pk=game.pk).status == "playing"
    return game.pk, players


def _mail_run(tasks: Tasks) -> None:
    """The outbox's minute once the game is over, with everything it wrote due by then."""
    from django.conf import settings
    from django.utils import timezone

    from games.models.outbox import OutboxMessage, Status
    from tipperary_site.celery import app as celery_app

    OutboxMessage.objects.filter(status=Status.PENDING).update(due_at=timezone.now())
    runs = tasks.count("games.notifications")
    celery_app.send_task("games.notifications", queue=settings.CELERY_MAIL_QUEUE)
    tasks.wait("games.notifications", runs + 1)
    tasks.settle(0.5)  # and a sending run it may have asked for


def _game(site: Site, tasks: Tasks, prefix: str, seed: int) -> tuple[Ledger, int]:
    """One game played to its end and its mail sent: what the site's processes spent on it."""
    game_id, players = _table(prefix, seed)
    tasks.settle(0.5)
    first = len(tasks.done())
    ledger = site.ledger = Ledger()
    rounds = _play(site, tasks, game_id, players)
    _mail_run(tasks)
    for name, seconds in tasks.done()[first:]:
        ledger.add(TASK_KINDS.get(name, "other tasks"), seconds)
    return ledger, rounds


def run() -> list[Measurement]:
    queue = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "tipperary") + "-game-cost"
    env = {
        **_bench_env(),
        "CELERY_TASK_DEFAULT_QUEUE": queue,
        "CELERY_MAIL_QUEUE": f"{queue}-mail",
        # Nothing drawn by an earlier run may be found: this run's cache keys are its own.
        "BENCH_CACHE_PREFIX": f"cost-{os.getpid()}-{time.time_ns()}-",
    }
    _setup_django(env)
    from django.conf import settings
    from django.db import connections

    from tests.fixtures.worker import Worker
    from tipperary_site.celery import app as celery_app

    # Django may have been set up by a module before this one: its queues are the ones the
    # services here send to, so the worker takes those.
    queues = [settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_MAIL_QUEUE]
    env |= {"CELERY_TASK_DEFAULT_QUEUE": queues[0], "CELERY_MAIL_QUEUE": queues[1]}
    celery_app.conf.task_always_eager = False
    with celery_app.connection_for_write() as conn:
        for name in queues:
            conn.default_channel.queue_purge(name)
    worker = Worker(spawn(_worker_args(queues), {**env, "LOG_LEVEL": "INFO"}))
    worker.wait_ready()
    web: Process | None = None
    try:
        web = start_gunicorn(free_port(), env)
        port = int(re.findall(r"127\.0\.0\.1:(\d+)", "".join(web.lines))[0])
        (web_pid,) = children(web.process.pid)
        site, tasks = Site(port, web_pid, Ledger()), Tasks(worker)
        # A first game warms both processes (imports, templates, what every county starts as),
        # as a server that has been up a while is.
        _game(site, tasks, "warm", 11)
        trivial_before = site.yardstick()
        load_before = _load()
        web_pids = [web.process.pid, web_pid]
        web_before = sum(thread_cpu_seconds(pid) for pid in web_pids)
        worker_before = cpu_seconds(worker.process.pid) or 0.0
        started = time.perf_counter()
        ledger, rounds = _game(site, tasks, "p", 7)
        wall = time.perf_counter() - started
        web_outside = sum(thread_cpu_seconds(pid) for pid in web_pids) - web_before
        worker_outside = (cpu_seconds(worker.process.pid) or 0.0) - worker_before
        trivial = (trivial_before + site.yardstick()) / 2
    finally:
        if web is not None:
            web.stop()
        worker.stop()
        connections.close_all()
    web_outside -= sum(ledger.seconds[kind] for kind in WEB_KINDS)
    worker_outside -= sum(s for kind, s in ledger.seconds.items() if kind not in WEB_KINDS)
    return _rows(ledger, rounds, wall, f"{load_before} → {_load()[5:]}",
                 web_outside, worker_outside, trivial)  # fmt: skip


def _rows(ledger: Ledger, rounds: int, wall: float, load: str, web_outside: float,
          worker_outside: float, trivial: float) -> list[Measurement]:  # fmt: skip
    web = sum(ledger.seconds[kind] for kind in WEB_KINDS)
    worker = sum(s for kind, s in ledger.seconds.items() if kind not in WEB_KINDS)
    total = web + worker
    requests = sum(ledger.counts[kind] for kind in WEB_KINDS)
    tasks = sum(n for kind, n in ledger.counts.items() if kind not in WEB_KINDS)
    largest = max(ledger.seconds, key=lambda kind: ledger.seconds[kind])
    how = (f"5 players, {rounds} rounds (the towers step counted as one), a live sitting: polls "
           f"every {POLL_EVERY:.0f} s while a round is open ({THINK[-1]:.0f} s)")  # fmt: skip
    out = [
        Measurement(
            "CPU per finished game",
            total,
            "s",
            note=f"{how}; web {web:.2f} s + worker {worker:.2f} s; {load}",
        ),
        Measurement(
            "web CPU per game", web, "s", note=f"{requests} requests, gunicorn 1 worker (4 threads)"
        ),
        Measurement(
            "worker CPU per game", worker, "s", note=f"{tasks} tasks, one Celery worker (solo)"
        ),
    ]
    for kind in KINDS:
        seconds, count = ledger.seconds[kind], ledger.counts[kind]
        if count:
            each = f"{count} × {seconds / count * 1000:.1f} ms"
        elif kind == "bots/autopilot":
            each = "none: five people play every turn in time, so no deal sends a bot's turn"
        else:
            continue
        out.append(
            Measurement(
                f"  {kind}",
                seconds,
                "s",
                note=f"{seconds / total:.0%} of the game; {each}: {WORDS[kind]}",
            )
        )
    out += [
        Measurement(
            f"largest share: {largest}",
            ledger.seconds[largest] / total * 100,
            "%",
            note=WORDS[largest],
        ),
        Measurement(
            "CPU per game in trivial views",
            total / trivial,
            "views",
            note=f"the trivial view cost {trivial * 1000:.2f} ms of the worker's CPU (before and "
            "after the game): a count that holds from hour to hour as the machine slows or "
            "speeds up, where the seconds do not; compare runs by it",
        ),
        Measurement(
            "games per day per core",
            DAY / total,
            "games",
            higher_is_better=True,
            note=f"86 400 / {total:.2f} CPU s per game; the run took {wall:.0f} s",
        ),
        Measurement(
            "outside requests and tasks (left out)",
            web_outside + worker_outside,
            "s",
            note=f"over the {wall:.0f} s the game took to run: gunicorn's loop and master "
            f"{web_outside:.2f} s, the worker's consumer {worker_outside:.2f} s",
        ),
    ]
    return out
