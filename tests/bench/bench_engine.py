"""The rules engine and its bots: query and scoring speed, bot decisions, whole games, and a
short seeded tournament showing that ``strong`` beats ``greedy`` and ``greedy`` beats ``random``.

Run alone with ``python -m tests.bench bench_engine``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

from engine import (
    TILES,
    CellKind,
    EndRound,
    GameState,
    Phase,
    PlaceTile,
    apply,
    legal_placements,
    new_game,
    score,
    simulate,
)
from engine.bots import choose, play_turn
from tests.bench import Measurement, median_ms

TOURNAMENT_BOTS = ["strong", "greedy", "greedy", "random"]
TOURNAMENT_GAMES = 40
TOURNAMENT_SEED = 1
#: What a clear margin is, in mean points per game (the stdev of a total is about 10).
CLEAR_MARGINS = {("strong", "greedy"): 5.0, ("greedy", "random"): 20.0}


def _twelve_tile_display() -> GameState:
    """A finished two-player game of random bots: seat 0 has placed its twelve tiles."""
    final = simulate.play_game(["random", "random"], 3)
    tiles = {c.tile_id for c in final.seats[0].display.values() if c.kind is CellKind.TILE}
    assert len(tiles) == 12
    return final


def _decision_positions(seed: int, players: int = 4) -> list[tuple[GameState, int]]:
    """Every tile decision of a game played by ``greedy``: (state at round start, seat)."""
    state = new_game(seed, players)
    positions: list[tuple[GameState, int]] = []
    while state.phase is Phase.PLAYING:
        positions.extend((state, seat) for seat in range(players))
        for seat in range(players):
            state, _ = play_turn("greedy", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())
    return positions


def _timings_ms(calls: list[Callable[[], object]]) -> list[float]:
    out = []
    for call in calls:
        started = time.perf_counter()
        call()
        out.append((time.perf_counter() - started) * 1000)
    return sorted(out)


def _decision(name: str, positions: list[tuple[GameState, int]], limit: float) -> Measurement:
    calls: list[Callable[[], object]] = [
        partial(choose, name, state, seat, seed=1) for state, seat in positions
    ]
    timings = _timings_ms(calls)
    return Measurement(
        f"{name} decision (a tile, median of {len(timings)})",
        statistics.median(timings),
        "ms",
        limit,
        note=f"p90 {timings[int(0.9 * len(timings))]:.0f} ms, max {timings[-1]:.0f} ms",
    )


def run() -> list[Measurement]:
    out: list[Measurement] = []
    final = _twelve_tile_display()
    sevens = [t for t in TILES if t.size == 7]
    slowest = max(median_ms(partial(legal_placements, final, 0, t), repeat=50) for t in sevens)
    out.append(
        Measurement(
            "legal placements, 7-square tile, 12 tiles placed",
            slowest,
            "ms",
            2,
            note=f"slowest of the {len(sevens)} seven-square tiles",
        )
    )
    out.append(Measurement("final scoring", median_ms(lambda: score(final, 0), 200), "ms", 1))

    positions = _decision_positions(11)
    state, seat = positions[-4]
    o, x, y = legal_placements(state, seat, 0)[0]
    out.append(
        Measurement(
            "apply a tile placement (last round)",
            median_ms(lambda: apply(state, seat, PlaceTile(0, o, x, y)), 200),
            "ms",
            0.5,
        )
    )
    out.append(_decision("greedy", positions, 50))
    out.append(_decision("medium", positions, 500))
    out.append(_decision("strong", positions, 500))

    game_times = _timings_ms(
        [partial(simulate.play_game, ["strong"] * 4, seed) for seed in (2, 3, 4)]
    )
    out.append(
        Measurement(
            "whole 4-player game of strong bots",
            statistics.median(game_times) / 1000,
            "s",
            20,
            note=f"median of {len(game_times)} games",
        )
    )
    out.extend(_tournament())
    return out


def _tournament() -> list[Measurement]:
    started = time.perf_counter()
    records = list(simulate.run(TOURNAMENT_BOTS, TOURNAMENT_GAMES, TOURNAMENT_SEED, jobs=2))
    elapsed = time.perf_counter() - started
    rows = {row["bot"]: row for row in simulate.summary(records)}
    command = (
        f"python -m engine.simulate --players 4 --games {TOURNAMENT_GAMES} "
        f"--bots {','.join(TOURNAMENT_BOTS)} --seed {TOURNAMENT_SEED} --jobs 2"
    )
    out = [
        Measurement(
            f"tournament of {TOURNAMENT_GAMES} games, 2 jobs",
            TOURNAMENT_GAMES / elapsed,
            "games/s",
            higher_is_better=True,
            note=command,
        )
    ]
    for bot, row in rows.items():
        mean, spread = row["total"]
        out.append(
            Measurement(
                f"tournament: {bot} mean total",
                mean,
                "points",
                note=f"stdev {spread:.1f}, wins {100 * row['win_rate']:.0f}% of seats",
            )
        )
    for (better, worse), clear in CLEAR_MARGINS.items():
        margin = rows[better]["total"][0] - rows[worse]["total"][0]
        out.append(
            Measurement(
                f"tournament: {better} - {worse} margin",
                margin,
                "points",
                clear,
                higher_is_better=True,
                note="mean total of the first minus mean total of the second",
            )
        )
    return out
