"""The pieces a player places, drawn on their own: a tile in one of its orientations, or a bonus
tile, for ``_piece.html`` and the wheel."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine import BONUS_TILES, TILES, Cell, CellKind
from games.page.county.grid import seams
from games.page.county.words import square_name


def piece_cells(tile_id: int, orientation: int = 0) -> tuple[tuple[int, int, Cell], ...]:
    """The squares of a landscape tile in one of its orientations, as ``(dx, dy, cell)``.

    Orientation indices are the engine's (``engine.orientations(TILES[tile_id])``); offsets are
    those of the orientation, so placing it at ``(x, y)`` covers ``(x + dx, y + dy)``.

    >>> [(dx, dy, c.landscape.value) for dx, dy, c in piece_cells(3, 1)]
    [(0, 0, 'distillery'), (0, 1, 'grain')]
    """
    tile = TILES[tile_id]
    return tuple(
        (s.x, s.y, Cell(s.landscape, s.value, False, CellKind.TILE, tile_id))
        for s in tile.orientations[orientation].squares
    )


def bonus_cell(bonus_id: int) -> Cell:
    """The square a bonus tile puts into a county.

    >>> bonus_cell(11).landscape.value, bonus_cell(11).value
    ('stone', 3)
    """
    b = BONUS_TILES[bonus_id]
    return Cell(b.landscape, b.value, False, CellKind.BONUS, bonus_id)


@dataclass(frozen=True, slots=True)
class PieceSquare:
    """One square of a drawn piece; ``col`` and ``row`` count from 1, as CSS grid lines do."""

    col: int
    row: int
    cell: Cell
    seams: str


@dataclass(frozen=True, slots=True)
class PieceView:
    """A tile in one orientation, or a bonus tile, ready for ``_piece.html``."""

    width: int
    height: int
    squares: tuple[PieceSquare, ...]
    sheep: bool
    label: str
    bonus: bool = False

    @property
    def badge(self) -> PieceSquare:
        """The square whose top-right corner carries the +Sheep badge: top row, rightmost."""
        return min(self.squares, key=lambda sq: (sq.row, -sq.col))


def _piece_view(
    cells: tuple[tuple[int, int, Cell], ...], sheep: bool, title: str, bonus: bool
) -> PieceView:
    by_xy = {(dx, dy): c for dx, dy, c in cells}
    names = Counter(square_name(c).removesuffix(" (bonus tile)") for _, _, c in cells)
    shows = ", ".join(f"{n} {name}" if n > 1 else name for name, n in names.items())
    label = f"{title}: {shows}" + (", with +Sheep" if sheep else "")
    return PieceView(
        width=max(dx for dx, _, _ in cells) + 1,
        height=max(dy for _, dy, _ in cells) + 1,
        squares=tuple(
            PieceSquare(dx + 1, dy + 1, c, seams((dx, dy), by_xy)) for dx, dy, c in cells
        ),
        sheep=sheep,
        label=label,
        bonus=bonus,
    )


def piece_view(tile_id: int, orientation: int = 0) -> PieceView:
    """A landscape tile in one orientation, for drawing.

    >>> piece_view(7).label
    'Tile of 3 squares: 2 meadow, ruin, with +Sheep'
    """
    tile = TILES[tile_id]
    return _piece_view(
        piece_cells(tile_id, orientation), tile.sheep, f"Tile of {tile.size} squares", False
    )


def bonus_view(bonus_id: int) -> PieceView:
    """A bonus tile, for drawing.

    >>> bonus_view(0).label
    'Bonus tile: meadow'
    """
    return _piece_view(((0, 0, bonus_cell(bonus_id)),), False, "Bonus tile", True)
