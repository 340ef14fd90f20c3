"""Speed budgets a bot relies on: placements < 2 ms, scoring < 1 ms, apply cheap."""

from __future__ import annotations

import random
import timeit

from engine import TILES, CellKind, PlaceTile, apply, legal_placements, score
from engine.state import SeatState

from .helpers import game, playout


def _best(call: object, number: int = 20, repeat: int = 5) -> float:
    """Best time per call in seconds (the least disturbed by other work on the machine)."""
    return min(timeit.repeat(call, number=number, repeat=repeat)) / number  # type: ignore[arg-type]


def _twelve_tile_state():  # type: ignore[no-untyped-def]
    final, _ = playout(3, 2, random.Random(3))
    seat: SeatState = final.seats[0]
    assert len({c.tile_id for c in seat.display.values() if c.kind is CellKind.TILE}) == 12
    return final


def test_legal_placements_of_a_seven_square_tile_on_twelve_tiles_take_under_2_ms() -> None:
    state = _twelve_tile_state()
    for tile in (t for t in TILES if t.size == 7):
        assert legal_placements(state, 0, tile)
        assert _best(lambda tile=tile: legal_placements(state, 0, tile)) < 0.002


def test_final_scoring_takes_under_1_ms() -> None:
    state = _twelve_tile_state()
    assert _best(lambda: score(state, 0), number=50) < 0.001


def test_applying_a_candidate_placement_is_cheap() -> None:
    """A bot tries many placements per turn: one apply stays well under a millisecond."""
    final = _twelve_tile_state()
    state = game(displays={0: final.seats[0].display}, area_tiles={0: (57, None)})
    o, x, y = legal_placements(state, 0, 0)[len(legal_placements(state, 0, 0)) // 2]
    action = PlaceTile(0, o, x, y)
    assert _best(lambda: apply(state, 0, action), number=200) < 0.0005
