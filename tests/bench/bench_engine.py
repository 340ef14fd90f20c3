"""The rules engine: query, scoring and apply speed, and whole games of ``hard`` bots.

The bots' levels (their margins and decision times) are measured in ``bench_bots``.
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
    UndoTurn,
    apply,
    legal_placements,
    new_game,
    score,
    simulate,
)
from engine import state as engine_state
from engine.bots import play_turn
from tests.bench import Measurement, median_ms


def _twelve_tile_display() -> GameState:
    """A finished two-player game of random bots: seat 0 has placed its twelve tiles."""
    final = simulate.play_game(["random", "random"], 3)
    tiles = {c.tile_id for c in final.seats[0].display.values() if c.kind is CellKind.TILE}
    assert len(tiles) == 12
    return final


def decision_positions(seed: int, players: int = 4) -> list[tuple[GameState, int]]:
    """Every tile decision of a game played by ``medium``: (state at round start, seat)."""
    state = new_game(seed, players)
    positions: list[tuple[GameState, int]] = []
    while state.phase is Phase.PLAYING:
        positions.extend((state, seat) for seat in range(players))
        for seat in range(players):
            state, _ = play_turn("medium", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())
    return positions


def _timings_ms(calls: list[Callable[[], object]]) -> list[float]:
    out = []
    for call in calls:
        started = time.perf_counter()
        call()
        out.append((time.perf_counter() - started) * 1000)
    return sorted(out)


def _state_read_back(state: GameState) -> Measurement:
    """Reading a stored state back (every page, move and task does), with its cells shared
    (``engine.state._CELLS``) against a process that has read no cell before."""
    data = state.to_dict()
    shared = median_ms(lambda: GameState.from_dict(data), 200)

    def afresh() -> GameState:
        engine_state._CELLS.clear()
        return GameState.from_dict(data)

    made = median_ms(afresh, 200)
    return Measurement(
        f"read a stored state back ({state.players} players, round {state.round})",
        shared,
        "ms",
        0.5,
        note=f"with no cell read before: {made:.3f} ms ({made / shared:.1f} ×)",
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

    positions = decision_positions(11)
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
    # Taking back a whole turn (engine.undo) against placing its tile: it copies the round's
    # start back and counts sheep, so it should cost less than the placement it undoes.
    played, _ = play_turn("medium", state, seat, seed=seat)
    placing = median_ms(lambda: apply(state, seat, PlaceTile(0, o, x, y)), 200)
    undoing = median_ms(lambda: apply(played, seat, UndoTurn()), 200)
    out.append(
        Measurement(
            "apply an undo of a whole turn (last round)",
            undoing,
            "ms",
            0.5,
            note=f"{undoing / placing:.2f} × a tile placement",
        )
    )

    out.append(_state_read_back(positions[-5][0]))
    game_times = _timings_ms(
        [partial(simulate.play_game, ["hard"] * 4, seed) for seed in (2, 3, 4)]
    )
    out.append(
        Measurement(
            "whole 4-player game of hard bots",
            statistics.median(game_times) / 1000,
            "s",
            20,
            note=f"median of {len(game_times)} games",
        )
    )
    return out
