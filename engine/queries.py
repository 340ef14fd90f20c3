"""Side-effect-free questions about a state: what a seat must do, and where it may do it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.catalogue import BONUS_TILES, TILES, BonusTile, Tile
from engine.geometry import Fitting, Orientation, frontier
from engine.landscapes import Coord
from engine.state import GameState, Phase

Placement = tuple[int, int, int]


class PendingKind(StrEnum):
    """What a seat must do next."""

    TILE = "tile"
    SHEEP = "sheep"
    BONUS = "bonus"
    TOWER = "tower"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Pending:
    """What a seat must do next, with the details a UI needs.

    ``count``: sheep, bonus tiles or towers still to place. ``bonus``: the bonus tile to place
    now. ``tiles``: the two slots of the seat's area (tile ids, None for an empty slot).
    """

    kind: PendingKind
    count: int = 0
    bonus: BonusTile | None = None
    tiles: tuple[int | None, ...] = ()


def pending(state: GameState, seat: int) -> Pending:
    """What ``seat`` must do next.

    >>> from engine.rules import new_game
    >>> pending(new_game(1, 2), 0).kind
    <PendingKind.TILE: 'tile'>
    """
    s = state.seats[seat]
    if state.phase is Phase.FINISHED or s.turn_done:
        return Pending(PendingKind.NONE)
    if state.phase is Phase.TOWERS:
        return Pending(PendingKind.TOWER, s.towers_pending)
    if s.sheep_pending:
        return Pending(PendingKind.SHEEP, s.sheep_pending)
    if s.bonus_pending:
        return Pending(PendingKind.BONUS, len(s.bonus_pending), BONUS_TILES[s.bonus_pending[0]])
    return Pending(PendingKind.TILE, 1, tiles=state.areas[state.area_of(seat)])


def round_complete(state: GameState) -> bool:
    """True when every seat's turn is over and the round may end (``EndRound``)."""
    return state.phase is Phase.PLAYING and all(s.turn_done for s in state.seats)


def orientations(piece: Tile | BonusTile) -> tuple[Orientation, ...]:
    """The distinct orientations of a piece (see :mod:`engine.geometry` for the convention).

    ``orientations(p)[o].rotated`` and ``.mirrored`` give the orientation reached by the R and
    F keys of a UI.

    >>> os = orientations(TILES[0])
    >>> len(os), os[os[0].rotated].rotated
    (4, 2)
    """
    return piece.orientations


def rotate(piece: Tile | BonusTile, orientation: int) -> int:
    """The orientation index after a quarter turn clockwise."""
    return piece.orientations[orientation].rotated


def mirror(piece: Tile | BonusTile, orientation: int) -> int:
    """The orientation index after mirroring left to right."""
    return piece.orientations[orientation].mirrored


def legal_placements(
    state: GameState, seat: int, piece_or_slot: int | Tile | BonusTile
) -> tuple[Placement, ...]:
    """Every legal ``(orientation, x, y)`` of a piece in the seat's display (R3), sorted.

    ``piece_or_slot`` is a slot (0 or 1) of the seat's area, or any piece; an empty slot has
    no placements. This answers where the piece fits, not whether it is the seat's turn.

    >>> from engine.rules import new_game
    >>> len(legal_placements(new_game(1, 2), 0, 0)) > 0
    True
    """
    if isinstance(piece_or_slot, int):
        tile_id = state.areas[state.area_of(seat)][piece_or_slot]
        if tile_id is None:
            return ()
        piece: Tile | BonusTile = TILES[tile_id]
    else:
        piece = piece_or_slot
    reach = max(max(dx, dy) for o in piece.orientations for dx, dy in o.cells)
    fitting = Fitting(state.seats[seat].display.cells, reach)
    out: list[Placement] = []
    # Orientations that differ only in their landscapes cover the same cells (a third of them,
    # over the bag): where one fits, so does the other, so each shape is fitted once.
    by_shape: dict[frozenset[Coord], list[Coord]] = {}
    for o in piece.orientations:
        shape = frozenset(o.cells)
        spots = by_shape.get(shape)
        if spots is None:
            spots = by_shape[shape] = fitting.anchors(o.cells)
        index = o.index
        out.extend((index, x, y) for x, y in spots)
    return tuple(out)


def legal_cells(state: GameState, seat: int) -> tuple[Coord, ...]:
    """Cells where a 1×1 piece (bonus tile, tower) may go: empty and touching (R3), sorted."""
    return tuple(sorted(frontier(state.seats[seat].display.cells)))


def legal_sheep_cells(state: GameState, seat: int) -> tuple[Coord, ...]:
    """The seat's empty meadows, where a gained sheep may go (R5.3), sorted."""
    return tuple(
        sorted(xy for xy, c in state.seats[seat].display.cells.items() if c.is_empty_meadow)
    )
