"""What an action put into a county, read from its events: a tile, a bonus tile, a tower or a sheep.

One action places at most one piece. The site keeps these as rows, so statistics never have to
replay games; they can always be worked out again from the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from engine.catalogue import BONUS_TILES, TILES
from engine.events import BonusPlaced, Event, SheepPlaced, TilePlaced, TowerPlaced
from engine.landscapes import Coord, Landscape


class PieceKind(StrEnum):
    """Which kind of piece an action placed."""

    TILE = "tile"
    BONUS = "bonus"
    TOWER = "tower"
    SHEEP = "sheep"


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece put into ``seat``'s county: its cells and the landscape of each, in that order.

    ``piece_id`` is the tile or bonus tile id (None for towers and sheep); ``orientation`` is
    the tile's orientation (None for the others). A sheep's one cell is the meadow it stands on.
    """

    seat: int
    kind: PieceKind
    piece_id: int | None
    orientation: int | None
    cells: tuple[Coord, ...]
    landscapes: tuple[Landscape, ...]


def placed_piece(events: Iterable[Event]) -> Placed | None:
    """The piece an action's events placed, or None (an action that ends a round places none).

    >>> from engine.events import TowerPlaced, TurnFinished
    >>> placed_piece([TowerPlaced(1, 4, -2), TurnFinished(1)])
    Placed(seat=1, kind=<PieceKind.TOWER: 'tower'>, piece_id=None, orientation=None, \
cells=((4, -2),), landscapes=(<Landscape.TOWER: 'tower'>,))
    >>> placed_piece([TilePlaced(0, 3, 1, 5, 0)]).cells
    ((5, 0), (5, 1))
    """
    for event in events:
        if isinstance(event, TilePlaced):
            squares = TILES[event.tile_id].orientations[event.orientation].squares
            return Placed(
                event.seat,
                PieceKind.TILE,
                event.tile_id,
                event.orientation,
                tuple((event.x + s.x, event.y + s.y) for s in squares),
                tuple(s.landscape for s in squares),
            )
        if isinstance(event, BonusPlaced):
            landscape = BONUS_TILES[event.bonus_id].landscape
            at = ((event.x, event.y),)
            return Placed(event.seat, PieceKind.BONUS, event.bonus_id, None, at, (landscape,))
        if isinstance(event, TowerPlaced):
            at = ((event.x, event.y),)
            return Placed(event.seat, PieceKind.TOWER, None, None, at, (Landscape.TOWER,))
        if isinstance(event, SheepPlaced):
            at = ((event.x, event.y),)
            return Placed(event.seat, PieceKind.SHEEP, None, None, at, (Landscape.MEADOW,))
    return None
