"""The drills' stage: the site's processes started for real (gunicorn, Celery workers, beat, a
Redis of the drill's own) and people who play tables over HTTP with moves worked out beforehand.

Every process a drill starts goes into ``own_processes`` and is stopped when the drill ends,
whether it passed or not.
"""

from __future__ import annotations

import http.client
import random
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlencode

import psycopg
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import override_settings

import engine
from games.engine_bridge import load_state
from games.models import Game, Seat
from tests.bench.served import _session_cookie as bench_session_cookie
from tests.deadlines.conftest import two_player_table
from tests.factories import UserFactory
from tests.faults.conftest import until
from tests.fixtures.processes import Process, free_port, start_redis
from tests.fixtures.worker import database_url
from tests.games.playing import any_legal_action

# The CSRF secret every player's browser holds (Django takes the unmasked secret as a token).
CSRF = "drillcsrfsecret00000000000000000"


@pytest.fixture
def own_processes() -> Iterator[list[Process]]:
    """The processes a drill starts; all are stopped at the end, side by side."""
    processes: list[Process] = []
    try:
        yield processes
    finally:
        for process in processes:
            if process.process.poll() is None:
                process.process.terminate()
        for process in processes:
            process.stop()


@pytest.fixture
def private_redis(own_processes: list[Process]) -> tuple[Process, str]:
    """A Redis server of the drill's own (never the machine's shared one) and its URL."""
    port = free_port()
    own_processes.append(start_redis(port))
    return own_processes[-1], f"redis://127.0.0.1:{port}/0"


@pytest.fixture
def drill_queue() -> str:
    """The drill's game queue (its mail queue is this name with ``-mail``), apart from the
    queues of the rest of the run."""
    return f"{settings.CELERY_TASK_DEFAULT_QUEUE}-drill"


def session_cookie(user: User) -> str:
    """A ``Cookie`` header with a session of ``user`` (as logging in would make it) and the
    CSRF cookie."""
    return f"{bench_session_cookie(user)}; csrftoken={CSRF}"


@dataclass(frozen=True)
class Move:
    """One move a seat will make: in which round (the towers come after the last round)."""

    seat: int
    round: int
    notation: str


def plan(game: Game, rng: random.Random) -> list[Move]:
    """Every move of ``game`` from its first round to its end, worked out with the engine from
    the table's own start, seat 0 first in each round, as the players will send them."""
    state = load_state(game)
    moves: list[Move] = []
    while state.phase is not engine.Phase.FINISHED:
        for seat in range(state.players):
            while (notation := any_legal_action(state, seat, rng)) is not None:
                moves.append(Move(seat, state.round, notation))
                state, _ = engine.apply(state, seat, engine.parse_action(notation))
        if state.phase is engine.Phase.PLAYING:
            state, _ = engine.apply(state, None, engine.EndRound())
    return moves


@dataclass
class Answers:
    """The status of every request the players sent, by what it was, shared under a lock."""

    statuses: dict[str, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, what: str, status: int) -> None:
        with self.lock:
            self.statuses.setdefault(what, []).append(status)

    def all(self) -> list[int]:
        with self.lock:
            return [status for statuses in self.statuses.values() for status in statuses]


def request(
    port: int, method: str, path: str, cookie: str, data: Mapping[str, object] | None = None
) -> tuple[int, str]:
    """One request as a browser (or htmx, for a form) sends it; the status and the body."""
    headers = {"Cookie": cookie}
    body = None
    if data is not None:
        body = urlencode(data)
        headers |= {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": CSRF}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read().decode(errors="replace")
    finally:
        conn.close()


def two_player_tables(count: int, seed: int) -> list[Game]:
    """``count`` started tables of two people, their seeds fixed (``seed``, ``seed`` + 1 …)."""
    # They come with a session, never a password: hashing none costs nothing.
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        people = [[UserFactory.create(username=f"d{t}p{n}") for n in (0, 1)] for t in range(count)]
    return [two_player_table(*pair, seed=seed + t) for t, pair in enumerate(people)]


#: How a player's page learns its seat: (table, position) -> (step, to play, the table's round).
SeatReader = Callable[[int, int], tuple[int, bool, int]]


class SeatsOverOneConnection:
    """Reads seats for every player's thread over one connection to ``url``, taken in turn, so
    twenty tables hold one of PostgreSQL's connections for their reading, not twenty."""

    def __init__(self, url: str) -> None:
        self._connection = psycopg.connect(url.replace("postgres://", "postgresql://"))
        self._connection.autocommit = True
        self._lock = threading.Lock()

    def __call__(self, game_id: int, position: int) -> tuple[int, bool, int]:
        with self._lock:
            row = self._connection.execute(
                "SELECT s.step, s.to_play, g.round FROM games_seat s"
                " JOIN games_game g ON g.id = s.game_id WHERE s.game_id = %s AND s.position = %s",
                [game_id, position],
            ).fetchone()
        assert row is not None, f"table {game_id} has a seat {position}"
        return int(row[0]), bool(row[1]), int(row[2])

    def close(self) -> None:
        self._connection.close()


def wait_for_turn(game_id: int, move: Move, read: SeatReader) -> int:
    """Wait until the seat of ``move`` has its turn in the move's round (a worker deals each
    round); the seat's step then, as its page would carry it."""
    seen: list[int] = []

    def my_turn() -> bool:
        step, to_play, round_ = read(game_id, move.seat)
        seen[:] = [step]
        return to_play and round_ == move.round

    until(my_turn, f"table {game_id} dealing round {move.round} to seat {move.seat}", 60)
    return seen[0]


def play_table(game_id: int, moves: list[Move], cookies: list[str], ports: tuple[int, int],
               answers: Answers, read: SeatReader) -> None:  # fmt: skip
    """Both people of one table open its page, send ``moves``, and look at the page again; each
    request goes to the other web process than the one before. A seat waits for its turn (the
    next round dealt by a worker) by reading the table, as its page's poll would."""
    try:
        page = f"/games/{game_id}/"
        for seat, cookie in enumerate(cookies):
            answers.record("page", request(ports[seat], "GET", page, cookie)[0])
        for n, move in enumerate(moves):
            step = wait_for_turn(game_id, move, read)
            data = {"notation": move.notation, "step": step, "round": move.round}
            status, _ = request(ports[n % 2], "POST", f"{page}play/", cookies[move.seat], data)
            answers.record("move", status)
        for seat, cookie in enumerate(cookies):
            answers.record("page", request(ports[1 - seat], "GET", page, cookie)[0])
    finally:
        connection.close()


def play_tables(
    plans: dict[int, list[Move]],
    cookies: dict[int, list[str]],
    ports: tuple[int, int],
    read: SeatReader | None = None,
) -> Answers:
    """Every table's people play their ``plans`` at once, a thread per table; what they saw.
    They read their seats with ``read``, else over one connection to the test database."""
    answers = Answers()
    own = SeatsOverOneConnection(database_url()) if read is None else None
    players = [
        threading.Thread(target=play_table, daemon=True,
                         args=(game_id, moves, cookies[game_id], ports, answers, read or own))
        for game_id, moves in plans.items()
    ]  # fmt: skip
    try:
        for player in players:
            player.start()
        for player in players:
            player.join(timeout=120)
    finally:
        if own is not None:
            own.close()
    assert not any(player.is_alive() for player in players), "every table played its moves"
    return answers


def cookies_of(tables: list[Game]) -> dict[int, list[str]]:
    """A session for each person at ``tables``, in seat order."""
    seats = Seat.objects.filter(game__in=tables).select_related("user").order_by("position")
    cookies: dict[int, list[str]] = {game.pk: [] for game in tables}
    for seat in seats:
        assert seat.user is not None
        cookies[seat.game_id].append(session_cookie(seat.user))
    return cookies


def start_all(starters: list[Callable[[], Process]], own: list[Process]) -> list[Process]:
    """Start processes side by side (each start waits for its process to be ready); every one
    that started goes into ``own``, to be stopped, even when another failed to start."""
    with ThreadPoolExecutor(len(starters)) as pool:
        futures = [pool.submit(starter) for starter in starters]
    started = [future.result() for future in futures if future.exception() is None]
    own.extend(started)
    for future in futures:
        if (error := future.exception()) is not None:
            raise error
    return started
