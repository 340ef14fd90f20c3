"""What every bot shares: the :class:`Bot` protocol, its randomness, and the moves it may make.

A bot decides on the game as its seat sees it (:func:`engine.view`), through the public
queries and :func:`engine.apply` only. Its randomness comes from a ``random.Random`` the caller
builds from a seed (:func:`decision_rng`), never from the global generator or the clock, so a
decision is the same for the same state, seat and seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine import (
    TILES,
    Action,
    GameState,
    PendingKind,
    PlaceBonus,
    PlaceSheep,
    PlaceTile,
    Tile,
    apply,
    legal_cells,
    legal_placements,
    legal_sheep_cells,
    pending,
)
from engine.bots.bitboard import BONUS_SHAPES, Bitboard, Quick, flocks_with_a_sheep


class Bot(Protocol):
    """A player of the game: the next action of a seat that has something to do."""

    name: str

    def decide(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """The next action of ``seat`` (which must have something pending) in ``state``."""
        ...


def decision_rng(seed: int, state: GameState, seat: int) -> random.Random:
    """The generator for one decision: from the seed and what the seat itself can see.

    Every step of a turn (the tile, each sheep, each bonus tile) gets its own stream, and the
    same stream on the real state as on the seat's view of it.

    >>> from engine import new_game, view
    >>> g = new_game(4, 3)
    >>> decision_rng(9, g, 1).random() == decision_rng(9, view(g, 1), 1).random()
    True
    """
    s = state.seats[seat]
    p = pending(state, seat)
    key = (
        f"tipperary-bot:{seed}:{seat}:{state.round}:{state.phase.value}:"
        f"{len(s.display)}:{p.kind.value}:{p.count}"
    )
    return random.Random(key)


@dataclass(frozen=True, slots=True)
class TileMove:
    """A tile of the seat's area and one legal place for it."""

    slot: int
    tile: Tile
    orientation: int
    x: int
    y: int

    @property
    def action(self) -> PlaceTile:
        """The action that makes this move."""
        return PlaceTile(self.slot, self.orientation, self.x, self.y)


def tile_moves(state: GameState, seat: int) -> list[TileMove]:
    """Every legal placement of both tiles of the seat's area, slot by slot, sorted."""
    tiles = pending(state, seat).tiles
    moves: list[TileMove] = []
    for slot, tile_id in enumerate(tiles):
        if tile_id is None:
            continue
        tile = TILES[tile_id]
        moves.extend(
            TileMove(slot, tile, o, x, y) for o, x, y in legal_placements(state, seat, slot)
        )
    return moves


def follow_ups(state: GameState, seat: int, fit: Callable[[Quick], float]) -> GameState:
    """Play a look-ahead's follow-ups quickly until the turn is over (or the tower step).

    Each sheep goes where the largest flock grows most; each bonus tile where ``fit`` judges
    its quick effect best. The first of equals wins, so this needs no generator.
    """
    while True:
        p = pending(state, seat)
        if p.kind is PendingKind.SHEEP:
            meadows = legal_sheep_cells(state, seat)
            grown = flocks_with_a_sheep(state.seats[seat].display.cells, meadows)
            spot = meadows[grown.index(max(grown))]
            state, _ = apply(state, seat, PlaceSheep(*spot))
        elif p.kind is PendingKind.BONUS and p.bonus is not None:
            bits = Bitboard(state, seat)
            shape = BONUS_SHAPES[p.bonus.id]
            x, y = max(legal_cells(state, seat), key=lambda xy: fit(bits.quick(shape, *xy)))
            state, _ = apply(state, seat, PlaceBonus(x, y))
        else:
            return state
