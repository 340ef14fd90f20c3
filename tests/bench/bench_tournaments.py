"""Seating a Swiss round: how long the search for a seating with no repeated pair takes, and
what its budget (``games.tournaments.pairing.SEARCH_BUDGET``) buys over the greedy way.

Each event is played out with made-up results (the standings order reshuffled each round, as
results do), seating every round from the pairs met so far. Pure Python, no database.
Run alone with ``python -m tests.bench bench_tournaments``.
"""

from __future__ import annotations

import random
import time

from games.tournaments import pairing
from tests.bench import Measurement

#: (entrants, table size, rounds): a large open event, a small full one, a tight one.
EVENTS = ((100, 4, 7), (9, 3, 4), (16, 2, 9), (40, 5, 6))


def _play(entrants: int, size: int, rounds: int, *, search: bool) -> tuple[float, int]:
    """The slowest round's seating time (ms) and the repeated pairs over the whole event."""
    rng = random.Random(entrants * 100 + size)
    order = list(range(entrants))
    met: set[pairing.Pair] = set()
    had: dict[int, int] = {}
    slowest, repeated = 0.0, 0
    saved = pairing.SEARCH_BUDGET
    pairing.SEARCH_BUDGET = saved if search else 0
    try:
        for _ in range(rounds):
            started = time.perf_counter()
            seating = pairing.swiss_round(order, size, met, had, bots=False)
            slowest = max(slowest, (time.perf_counter() - started) * 1000)
            repeated += pairing.repeats(seating.tables, met)
            for table in seating.tables:
                met |= pairing.pairs_of(table)
            for pk in seating.byes:
                had[pk] = had.get(pk, 0) + 1
            rng.shuffle(order)
    finally:
        pairing.SEARCH_BUDGET = saved
    return slowest, repeated


def run() -> list[Measurement]:
    rows = []
    for entrants, size, rounds in EVENTS:
        label = f"{entrants} entrants, tables of {size}, {rounds} rounds"
        slowest, repeated = _play(entrants, size, rounds, search=True)
        _, greedy = _play(entrants, size, rounds, search=False)
        # One worker task seats a round, once a round: a second would still be quick enough.
        rows.append(Measurement(f"slowest round seated: {label}", slowest, "ms", 1000))
        rows.append(
            Measurement(
                f"repeated pairs: {label}",
                repeated,
                "pairs",
                note=f"the greedy way alone: {greedy}",
            )
        )
    return rows
