"""The pieces a player places, drawn on their own: a tile in one of its orientations, or a bonus
tile, for ``_piece.html`` and the wheel."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from django.utils.translation import get_language, gettext, ngettext

from engine import BONUS_TILES, TILES, Cell, CellKind
from games.page.county.grid import seams_of
from games.words import landscape_count, square_name


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


def _shows(cells: tuple[tuple[int, int, Cell], ...]) -> str:
    """The squares of a piece by what they show, counted: "2 meadows, ruin"."""
    counts = Counter((c.landscape, c.value) for _, _, c in cells)
    names = []
    for (landscape, value), n in counts.items():
        name = square_name(Cell(landscape, value))
        if n == 1:
            names.append(name)
        elif value:
            # Translators: a number of alike squares of a piece, e.g. "2 × stone circle 1".
            names.append(gettext("%(count)d × %(square)s") % {"count": n, "square": name})
        else:
            names.append(landscape_count(landscape, n))
    # Translators: the comma between the squares a piece shows.
    return gettext(", ").join(names)


def _piece_view(
    cells: tuple[tuple[int, int, Cell], ...], sheep: bool, title: str, bonus: bool
) -> PieceView:
    edges = seams_of({(dx, dy): c for dx, dy, c in cells})
    told = {"piece": title, "squares": _shows(cells)}
    if sheep:
        # Translators: a piece, what it shows, and its +Sheep symbol (R1),
        # e.g. "Tile of 3 squares: 2 meadows, ruin, with +Sheep".
        label = gettext("%(piece)s: %(squares)s, with +Sheep") % told
    else:
        # Translators: a piece and what it shows, e.g. "Bonus tile: meadow".
        label = gettext("%(piece)s: %(squares)s") % told
    return PieceView(
        width=max(dx for dx, _, _ in cells) + 1,
        height=max(dy for _, dy, _ in cells) + 1,
        squares=tuple(PieceSquare(dx + 1, dy + 1, c, edges[(dx, dy)]) for dx, dy, c in cells),
        sheep=sheep,
        label=label,
        bonus=bonus,
    )


def piece_view(tile_id: int, orientation: int = 0) -> PieceView:
    """A landscape tile in one orientation, for drawing.

    A piece depends on nothing but its tile, its orientation and the language of its label,
    and the wheel and the turn draw a dozen on every page: each is built once per process.

    >>> piece_view(7).label
    'Tile of 3 squares: 2 meadows, ruin, with +Sheep'
    """
    return _tile_view(tile_id, orientation, get_language())


@cache  # bounded: the tiles × their orientations × the site's languages
def _tile_view(tile_id: int, orientation: int, language: str | None) -> PieceView:
    tile = TILES[tile_id]
    title = ngettext("Tile of %(count)d square", "Tile of %(count)d squares", tile.size) % {
        "count": tile.size
    }
    return _piece_view(piece_cells(tile_id, orientation), tile.sheep, title, False)


def bonus_view(bonus_id: int) -> PieceView:
    """A bonus tile, for drawing.

    >>> bonus_view(0).label
    'Bonus tile: meadow'
    """
    return _piece_view(((0, 0, bonus_cell(bonus_id)),), False, gettext("Bonus tile"), True)
