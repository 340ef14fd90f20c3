"""What the county templates draw: a county as a grid of cells, pieces, and their spoken labels.

Pure presentation: no database, no rules. The templates in ``templates/games/`` (``_county.html``,
``_piece.html``, ``_wheel.html``) read these values; the art itself is in ``_symbols.html``.

>>> from engine import Cell, Display, Landscape
>>> grid = county_grid(Display({(0, 0): Cell(Landscape.STONE, 3)}))
>>> (grid.width, grid.height), grid.rows[1][1].label
((3, 3), 'stone circle 3 at (0, 0)')
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from engine import BONUS_TILES, TILES, Cell, CellKind, Coord, Landscape
from engine.scoring import largest_rectangle_size

#: The order landscapes are listed in, everywhere on the site.
LANDSCAPE_ORDER: tuple[Landscape, ...] = (
    Landscape.TOWN,
    Landscape.MEADOW,
    Landscape.PASTURE,
    Landscape.GRAIN,
    Landscape.DISTILLERY,
    Landscape.RUIN,
    Landscape.BOG,
    Landscape.STONE,
    Landscape.TOWER,
)
_PLURALS = {
    Landscape.DISTILLERY: "distilleries",
    Landscape.TOWN: "town squares",
    Landscape.GRAIN: "grain fields",
    Landscape.STONE: "stone circles",
}
# Side, neighbour offset: where a cell's piece may end and a seam is drawn.
_SIDES: tuple[tuple[str, Coord], ...] = (
    ("t", (0, -1)),
    ("r", (1, 0)),
    ("b", (0, 1)),
    ("l", (-1, 0)),
)

OverlayState = Literal["ok", "bad"]


def landscape_name(landscape: Landscape, count: int = 1) -> str:
    """The landscape's name, plural when ``count`` is not 1.

    >>> landscape_name(Landscape.BOG, 2), landscape_name(Landscape.DISTILLERY, 3)
    ('bogs', 'distilleries')
    """
    if count == 1:
        return landscape.label
    return _PLURALS.get(landscape, landscape.label + "s")


def square_name(cell: Cell) -> str:
    """What a square shows, in a few words: "meadow with a sheep", "stone circle 3".

    >>> square_name(Cell(Landscape.MEADOW, sheep=True)), square_name(Cell(Landscape.STONE, 2))
    ('meadow with a sheep', 'stone circle 2')
    """
    name = cell.landscape.label
    if cell.landscape is Landscape.STONE:
        name = f"{name} {cell.value}"
    if cell.sheep:
        name += " with a sheep"
    if cell.kind is CellKind.BONUS:
        name += " (bonus tile)"
    return name


def cell_label(x: int, y: int, cell: Cell | None) -> str:
    """The screen-reader text of one cell of a county.

    >>> cell_label(4, 4, None), cell_label(3, 1, Cell(Landscape.MEADOW, sheep=True))
    ('empty at (4, 4)', 'meadow with a sheep at (3, 1)')
    """
    return f"{'empty' if cell is None else square_name(cell)} at ({x}, {y})"


def _piece_key(xy: Coord, cell: Cell) -> object:
    # Cells of one piece share kind and id; towers have no id, so each is its own piece.
    if cell.tile_id is None or cell.kind is CellKind.TOWER:
        return xy
    return (cell.kind, cell.tile_id)


def seams(xy: Coord, cells: Mapping[Coord, Cell]) -> str:
    """CSS classes naming the sides of this cell where its piece ends (``seam-t seam-l`` …).

    >>> from engine import Display
    >>> seams((0, 0), Display({(0, 0): Cell(Landscape.BOG, tile_id=5),
    ...                        (1, 0): Cell(Landscape.BOG, tile_id=5)}))
    'seam-t seam-b seam-l'
    """
    cell = cells[xy]
    key = _piece_key(xy, cell)
    x, y = xy
    out = []
    for side, (dx, dy) in _SIDES:
        other = cells.get((x + dx, y + dy))
        if other is None or _piece_key((x + dx, y + dy), other) != key:
            out.append(f"seam-{side}")
    return " ".join(out)


@dataclass(frozen=True, slots=True)
class GridCell:
    """One cell of a drawn county: where it is, what it holds (None when empty), its label.

    ``seams`` are the CSS classes of the sides where the cell's piece ends (see :func:`seams`).
    """

    x: int
    y: int
    cell: Cell | None
    label: str
    seams: str = ""

    @property
    def coord(self) -> Coord:
        """``(x, y)``, as the engine's actions and queries use it."""
        return (self.x, self.y)

    @property
    def is_empty(self) -> bool:
        """True when no square lies on this cell."""
        return self.cell is None

    @property
    def is_home(self) -> bool:
        """True for a square of the hometown (drawn with a frame)."""
        return self.cell is not None and self.cell.kind is CellKind.HOMETOWN


@dataclass(frozen=True)
class CountyGrid:
    """A county laid out for drawing: the bounding box and its cells, row by row.

    The box covers every occupied cell plus ``margin`` empty cells around them and any extra
    coordinates asked for; ``description`` is :func:`describe_county` of the display.

    ``rows`` and ``description`` are worked out when first read, so a county whose drawing
    comes from the cache (``games.page.county_cache``, by its ``key``) costs little more than
    its box.
    """

    min_x: int
    max_x: int
    min_y: int
    max_y: int
    cells: Mapping[Coord, Cell] = field(repr=False)

    @property
    def width(self) -> int:
        """Columns drawn."""
        return self.max_x - self.min_x + 1

    @property
    def height(self) -> int:
        """Rows drawn."""
        return self.max_y - self.min_y + 1

    @cached_property
    def rows(self) -> tuple[tuple[GridCell, ...], ...]:
        """The grid cells, row by row from the top, each row from the left."""
        cells = self.cells
        rows = []
        for y in range(self.min_y, self.max_y + 1):
            row = []
            for x in range(self.min_x, self.max_x + 1):
                cell = cells.get((x, y))
                label, edges = cell_label(x, y, cell), "" if cell is None else seams((x, y), cells)
                row.append(GridCell(x, y, cell, label, edges))
            rows.append(tuple(row))
        return tuple(rows)

    @cached_property
    def description(self) -> str:
        """The county told in words (:func:`describe_county`)."""
        return describe_county(self.cells)

    @cached_property
    def key(self) -> str:
        """A digest of everything the grid draws: its box and each cell; equal grids, equal keys.

        >>> from engine import Display
        >>> one = county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=5)}))
        >>> two = county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=6)}))
        >>> one.key == county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=5)})).key
        True
        >>> one.key == two.key, one.key == county_grid(one.cells, margin=2).key
        (False, False)
        """
        text = ";".join(
            f"{x},{y},{c.landscape},{c.value},{c.sheep:d},{c.kind},{c.tile_id}"
            for (x, y), c in sorted(self.cells.items())
        )
        box = f"{self.min_x},{self.max_x},{self.min_y},{self.max_y}"
        return hashlib.blake2b(f"{box}|{text}".encode(), digest_size=16).hexdigest()

    def at(self, x: int, y: int) -> GridCell:
        """The grid cell at ``(x, y)``; raises ``KeyError`` outside the box."""
        if not (self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y):
            raise KeyError((x, y))
        return self.rows[y - self.min_y][x - self.min_x]


def county_grid(
    display: Mapping[Coord, Cell], *, margin: int = 1, extra: Iterable[Coord] = ()
) -> CountyGrid:
    """Lay a display out as rows of cells, with ``margin`` empty cells around what is occupied.

    ``extra`` coordinates are included in the box too (e.g. the cells of a placement preview
    that reaches past the margin). An empty display is drawn around ``(0, 0)``.

    >>> from engine import Display
    >>> g = county_grid(Display({(2, 5): Cell(Landscape.RUIN)}), margin=2, extra=[(7, 5)])
    >>> (g.min_x, g.max_x, g.min_y, g.max_y), g.at(7, 5).label
    ((0, 7, 3, 7), 'empty at (7, 5)')
    """
    cells = getattr(display, "cells", display)
    occupied = list(cells) or [(0, 0)]
    # The margin surrounds what is occupied; extra cells are only included.
    corners = [
        (min(x for x, _ in occupied) - margin, min(y for _, y in occupied) - margin),
        (max(x for x, _ in occupied) + margin, max(y for _, y in occupied) + margin),
        *extra,
    ]
    min_x = min(x for x, _ in corners)
    max_x = max(x for x, _ in corners)
    min_y = min(y for _, y in corners)
    max_y = max(y for _, y in corners)
    return CountyGrid(min_x, max_x, min_y, max_y, cells)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def describe_county(display: Mapping[Coord, Cell]) -> str:
    """A county told in one paragraph, for screen readers and the text view.

    >>> from engine import Display
    >>> print(describe_county(Display({(0, 0): Cell(Landscape.MEADOW, sheep=True, tile_id=1),
    ...                                (1, 0): Cell(Landscape.STONE, 3, tile_id=1)})))
    ... # doctest: +NORMALIZE_WHITESPACE
    1 tile, 2 squares: 1 meadow (1 with a sheep), 1 stone circle (worth 3).
    Largest filled rectangle 2 × 1.
    """
    cells = getattr(display, "cells", display)
    if not cells:
        return "An empty county."
    kinds = Counter(c.kind for c in cells.values())
    tiles = len({c.tile_id for c in cells.values() if c.kind is CellKind.TILE})
    pieces = []
    if kinds[CellKind.HOMETOWN]:
        pieces.append("Hometown")
    if tiles or not pieces:
        pieces.append(_count(tiles, "tile", "tiles"))
    if kinds[CellKind.BONUS]:
        pieces.append(_count(kinds[CellKind.BONUS], "bonus tile", "bonus tiles"))
    head = pieces[0] if len(pieces) == 1 else ", ".join(pieces[:-1]) + " and " + pieces[-1]
    lands = Counter(c.landscape for c in cells.values())
    parts = []
    for landscape in LANDSCAPE_ORDER:
        n = lands[landscape]
        if not n:
            continue
        part = f"{n} {landscape_name(landscape, n)}"
        if landscape is Landscape.MEADOW:
            sheep = sum(1 for c in cells.values() if c.landscape is landscape and c.sheep)
            if sheep:
                part += f" ({sheep} with {'a sheep' if sheep == 1 else 'sheep'})"
        elif landscape is Landscape.STONE:
            worth = sum(c.value for c in cells.values() if c.landscape is landscape)
            part += f" (worth {worth})"
        parts.append(part)
    width, height = largest_rectangle_size(cells.keys())
    return (
        f"{head[0].upper()}{head[1:]}, {_count(len(cells), 'square', 'squares')}: "
        f"{', '.join(parts)}. Largest filled rectangle {width} × {height}."
    )


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


@dataclass(frozen=True, slots=True)
class OverlaySquare:
    """What a placement preview shows on one cell: the square to be placed, fitting or not."""

    state: OverlayState
    cell: Cell | None = None
    seams: str = ""

    @property
    def label(self) -> str:
        """Words added to the cell's label."""
        what = "new square" if self.cell is None else f"new {square_name(self.cell)}"
        return f"{what}, {'fits' if self.state == 'ok' else 'does not fit'}"


def tile_overlay(
    tile_id: int, orientation: int, x: int, y: int, *, legal: bool
) -> dict[Coord, OverlaySquare]:
    """A preview of placing a tile with its bounding box at ``(x, y)``, for ``_county.html``.

    ``legal`` comes from the engine (e.g. ``(o, x, y) in engine.legal_placements(...)``).

    >>> sorted(tile_overlay(3, 1, 5, -1, legal=True))
    [(5, -1), (5, 0)]
    """
    state: OverlayState = "ok" if legal else "bad"
    return {
        (x + dx, y + dy): OverlaySquare(state, c) for dx, dy, c in piece_cells(tile_id, orientation)
    }


def bonus_overlay(bonus_id: int, x: int, y: int, *, legal: bool) -> dict[Coord, OverlaySquare]:
    """A preview of placing a bonus tile on ``(x, y)``."""
    return {(x, y): OverlaySquare("ok" if legal else "bad", bonus_cell(bonus_id))}


def overlay_at(overlay: object, x: int, y: int) -> OverlaySquare | None:
    """The overlay square on ``(x, y)``, if any.

    ``overlay`` is what a template was given: a mapping of coordinates to an
    :class:`OverlaySquare` or to ``"ok"``/``"bad"``, or a plain collection of coordinates
    (shown as fitting).

    The result's ``seams`` outline the whole preview, as :func:`seams` does for a piece.

    >>> overlay_at({(1, 2): "bad", (1, 3): "bad"}, 1, 2)
    OverlaySquare(state='bad', cell=None, seams='seam-t seam-r seam-l')
    >>> overlay_at({(1, 2)}, 1, 2).state, overlay_at({(1, 2)}, 0, 0), overlay_at(None, 0, 0)
    ('ok', None, None)
    """
    if not overlay or not isinstance(overlay, Collection):
        return None
    if isinstance(overlay, Mapping):
        value = overlay.get((x, y))
        if value is None:
            return None
        if not isinstance(value, OverlaySquare):
            value = OverlaySquare("ok" if value == "ok" else "bad")
    elif has_coord(overlay, x, y):
        value = OverlaySquare("ok")
    else:
        return None
    sides = [f"seam-{side}" for side, (dx, dy) in _SIDES if not has_coord(overlay, x + dx, y + dy)]
    return replace(value, seams=" ".join(sides))


def has_coord(coords: object, x: int, y: int) -> bool:
    """True when ``(x, y)`` is among ``coords`` (tuples, or lists as read from JSON).

    >>> has_coord({(1, 2)}, 1, 2), has_coord([[1, 2]], 1, 2), has_coord(None, 1, 2)
    (True, True, False)
    """
    if not coords or not isinstance(coords, Collection):
        return False
    if (x, y) in coords:
        return True
    return isinstance(coords, list) and [x, y] in coords
