"""On a tile turn the viewer's county is drawn wide enough for the tile at every legal spot
(``static/js/placement.js`` moves it anywhere the engine allows), and no wider."""

from __future__ import annotations

import random

import engine
from engine.bots import play_turn
from games.page.county import county_grid
from games.page.offer import offer_for


def _tile_turns(seed: int) -> list[engine.GameState]:
    """Every state of a seeded 3-player game at which seat 0 has a tile to place."""
    state, turns = engine.new_game(seed, 3), []
    while state.phase is not engine.Phase.FINISHED:
        if engine.pending(state, 0).kind is engine.PendingKind.TILE:
            turns.append(state)
        for seat in range(state.players):
            if engine.pending(state, seat).kind is not engine.PendingKind.NONE:
                state, _ = play_turn("medium", state, seat, seed)
        if engine.round_complete(state):
            state, _ = engine.apply(state, None, engine.EndRound())
    return turns


def _covered(state: engine.GameState) -> set[tuple[int, int]]:
    """Every cell some legal placement of either offered tile covers (R3)."""
    tiles = engine.pending(state, 0).tiles
    return {
        (x + dx, y + dy)
        for slot, tile_id in enumerate(tiles)
        if tile_id is not None
        for o, x, y in engine.legal_placements(state, 0, slot)
        for dx, dy in engine.TILES[tile_id].orientations[o].cells
    }


def test_the_county_is_drawn_exactly_wide_enough_for_every_legal_spot() -> None:
    rng = random.Random(2026)
    for seed in (rng.randrange(10**6) for _ in range(4)):
        for state in _tile_turns(seed):
            display = state.seats[0].display
            drawn = county_grid(display, margin=2, extra=offer_for(state, 0).reach)
            needed = county_grid(display, margin=2, extra=_covered(state))
            box = (drawn.min_x, drawn.max_x, drawn.min_y, drawn.max_y)
            assert box == (needed.min_x, needed.max_x, needed.min_y, needed.max_y)
