"""The bots' levels: each beats the one below by a clear margin, and the expert decides in time.

The ladder plays ``LADDER_GAMES`` seeded heads-up games for each pair of neighbouring levels
(the seats swap from game to game) and prints the stronger bot's mean margin with its 95 %
interval; a level means something when the margin is at least ``CLEAR_MARGIN`` points and the
interval excludes 0. The whole ladder should take under ``LADDER_BUDGET`` seconds on two cores.
The expert's decision time is measured on the tile decisions of two games.

Run alone with ``python -m tests.bench bench_bots``; one pair with
``python -m engine.simulate --players 2 --games 400 --bots expert,hard --seed 1 --jobs 2``.
"""

from __future__ import annotations

import itertools
import statistics
import time
from functools import partial

from engine import GameState, simulate
from engine.bots import choose
from tests.bench import Measurement
from tests.bench.bench_engine import decision_positions

LEVELS = ("easy", "medium", "hard", "expert")
LADDER_GAMES = 400
LADDER_SEED = 1
JOBS = 2
CLEAR_MARGIN = 5.0
#: seconds the ladder may take on this 2-core machine
LADDER_BUDGET = 600


def _margin(better: str, worse: str) -> list[Measurement]:
    started = time.perf_counter()
    records = list(simulate.run([better, worse], LADDER_GAMES, LADDER_SEED, jobs=JOBS))
    elapsed = time.perf_counter() - started
    margins = simulate.heads_up_margins(records, better, worse)
    mean, half = simulate.margin_interval(margins)
    return [
        Measurement(
            f"ladder: {better} - {worse} mean margin",
            mean,
            "points",
            CLEAR_MARGIN,
            higher_is_better=True,
            note=f"95% interval {mean - half:+.1f} to {mean + half:+.1f}, "
            f"{len(margins)} heads-up games in {elapsed:.0f} s ({JOBS} jobs)",
        ),
        Measurement(
            f"ladder: {better} - {worse} interval's low end",
            mean - half,
            "points",
            0,
            higher_is_better=True,
            note="the margin is real when this is above 0",
        ),
    ]


def _tile_positions() -> list[tuple[GameState, int]]:
    """Every tile decision of a 2-player and a 4-player game of medium bots, at round start."""
    return [*decision_positions(12, 2), *decision_positions(11, 4)]


def _decision_times(name: str, positions: list[tuple[GameState, int]]) -> list[float]:
    timings = []
    for state, seat in positions:
        call = partial(choose, name, state, seat, seed=1)
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000)
    return sorted(timings)


def _decisions() -> list[Measurement]:
    positions = _tile_positions()
    out = []
    for name in LEVELS[:-1]:
        timings = _decision_times(name, positions)
        out.append(
            Measurement(
                f"{name} decision (a tile, median of {len(timings)})",
                statistics.median(timings),
                "ms",
                note=f"p95 {timings[int(0.95 * len(timings))]:.0f} ms, max {timings[-1]:.0f} ms",
            )
        )
    timings = _decision_times("expert", positions)
    count = f"{len(timings)} tile decisions"
    out += [
        Measurement("expert decision: median", statistics.median(timings), "ms", 1000, note=count),
        Measurement("expert decision: p95", timings[int(0.95 * len(timings))], "ms", 2000),
        Measurement("expert decision: max", timings[-1], "ms", note=count),
    ]
    return out


def run() -> list[Measurement]:
    out = _decisions()
    started = time.perf_counter()
    for worse, better in itertools.pairwise(LEVELS):
        out.extend(_margin(better, worse))
    pairs = len(LEVELS) - 1
    out.append(
        Measurement(
            "ladder: the whole tournament",
            time.perf_counter() - started,
            "s",
            LADDER_BUDGET,
            note=f"{pairs} pairs x {LADDER_GAMES} games on {JOBS} jobs",
        )
    )
    return out
