"""A county laid out for drawing: its bounding box, its cells row by row, and the seams where
one piece ends and the next begins."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from django.utils.translation import get_language

from engine import Cell, CellKind, Coord
from games.page.county.words import cell_labeller, describe_county

T = TypeVar("T")

#: Side, neighbour offset: where a cell's piece may end and a seam is drawn.
SIDES: tuple[tuple[str, Coord], ...] = (
    ("t", (0, -1)),
    ("r", (1, 0)),
    ("b", (0, 1)),
    ("l", (-1, 0)),
)


def seams(xy: Coord, cells: Mapping[Coord, Cell]) -> str:
    """CSS classes naming the sides of this cell where its piece ends (``seam-t seam-l`` …).

    >>> from engine import Cell, Display, Landscape
    >>> seams((0, 0), Display({(0, 0): Cell(Landscape.BOG, tile_id=5),
    ...                        (1, 0): Cell(Landscape.BOG, tile_id=5)}))
    'seam-t seam-b seam-l'
    """
    return seams_of(cells)[xy]


#: The classes of a cell's seams by the sides where its piece ends, one bit a side of ``SIDES``.
_SEAM_CLASSES = tuple(
    " ".join(f"seam-{side}" for bit, (side, _) in enumerate(SIDES) if ends >> bit & 1)
    for ends in range(1 << len(SIDES))
)


def seams_of(cells: Mapping[Coord, Cell]) -> dict[Coord, str]:
    """:func:`seams` of every square of a county, in one pass (the hot path of drawing one).

    >>> from engine import Cell, Display, Landscape
    >>> seams_of(Display({(0, 0): Cell(Landscape.BOG, tile_id=5),
    ...                   (0, 1): Cell(Landscape.BOG, tile_id=6)}))
    {(0, 0): 'seam-t seam-r seam-b seam-l', (0, 1): 'seam-t seam-r seam-b seam-l'}
    """
    # Cells of one piece share kind and id; towers have no id, so each is its own piece.
    pieces = {
        xy: xy if c.tile_id is None or c.kind is CellKind.TOWER else (c.kind, c.tile_id)
        for xy, c in cells.items()
    }
    piece_at = pieces.get
    # One bit a side, in the order of ``SIDES``: set where the neighbour is of another piece.
    return {
        (x, y): _SEAM_CLASSES[
            (piece_at((x, y - 1)) != piece)
            | (piece_at((x + 1, y)) != piece) << 1
            | (piece_at((x, y + 1)) != piece) << 2
            | (piece_at((x - 1, y)) != piece) << 3
        ]
        for (x, y), piece in pieces.items()
    }


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


def _in_language(kept: dict[str | None, T], tell: Callable[[], T]) -> T:
    """What ``tell`` says in the active language, told once per language into ``kept``."""
    language = get_language()
    told = kept.get(language)
    if told is None:
        told = kept[language] = tell()
    return told


@dataclass(frozen=True)
class CountyGrid:
    """A county laid out for drawing: the bounding box and its cells, row by row.

    The box covers every occupied cell plus ``margin`` empty cells around them and any extra
    coordinates asked for; ``description`` is :func:`describe_county` of the display.

    ``rows`` (which a mail draws; a page's county is drawn from ``cells``,
    ``games.page.county_html``) and ``description`` are worked out when first read, so a county
    whose drawing comes from the cache (``games.page.county_cache``, by its ``key``) costs little
    more than its box. They hold words (the cells' labels, the county told), so each is kept per
    language: a grid read in one language and then in another tells each in its own.
    """

    min_x: int
    max_x: int
    min_y: int
    max_y: int
    cells: Mapping[Coord, Cell] = field(repr=False)
    _rows: dict[str | None, tuple[tuple[GridCell, ...], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _descriptions: dict[str | None, str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def width(self) -> int:
        """Columns drawn."""
        return self.max_x - self.min_x + 1

    @property
    def height(self) -> int:
        """Rows drawn."""
        return self.max_y - self.min_y + 1

    @property
    def rows(self) -> tuple[tuple[GridCell, ...], ...]:
        """The grid cells, row by row from the top, each row from the left, labelled in the
        active language."""
        return _in_language(self._rows, self._lay_out)

    def _lay_out(self) -> tuple[tuple[GridCell, ...], ...]:
        cells = self.cells
        cell_label, edges = cell_labeller(), seams_of(cells)
        rows = []
        for y in range(self.min_y, self.max_y + 1):
            row = []
            for x in range(self.min_x, self.max_x + 1):
                cell = cells.get((x, y))
                label = cell_label(x, y, cell)
                row.append(GridCell(x, y, cell, label, edges.get((x, y), "")))
            rows.append(tuple(row))
        return tuple(rows)

    @property
    def description(self) -> str:
        """The county told in words (:func:`describe_county`), in the active language.

        >>> from django.utils import translation
        >>> from engine import Cell, Display, Landscape
        >>> grid = county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=5)}))
        >>> grid.description
        '1 tile, 1 square: 1 bog. Largest filled rectangle 1 × 1.'
        >>> with translation.override("de"):
        ...     grid.description.startswith("1 Plättchen")
        True
        """
        return _in_language(self._descriptions, lambda: describe_county(self.cells))

    @cached_property
    def key(self) -> str:
        """A digest of everything the grid draws: its box and each cell; equal grids, equal keys.

        >>> from engine import Cell, Display, Landscape
        >>> one = county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=5)}))
        >>> two = county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=6)}))
        >>> one.key == county_grid(Display({(0, 0): Cell(Landscape.BOG, tile_id=5)})).key
        True
        >>> one.key == two.key, one.key == county_grid(one.cells, margin=2).key
        (False, False)
        """
        # Plain values only (an enum's ``_value_``, its string): their ``repr`` is the same
        # in every process, and written in C, not a format per field.
        text = repr(
            sorted(
                (xy, c.landscape._value_, c.value, c.sheep, c.kind._value_, c.tile_id)
                for xy, c in self.cells.items()
            )
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

    >>> from engine import Cell, Display, Landscape
    >>> g = county_grid(Display({(2, 5): Cell(Landscape.RUIN)}), margin=2, extra=[(7, 5)])
    >>> (g.min_x, g.max_x, g.min_y, g.max_y), g.at(7, 5).label
    ((0, 7, 3, 7), 'empty at (7, 5)')
    """
    cells = getattr(display, "cells", display)
    # The margin surrounds what is occupied; extra cells are only included.
    columns, rows = zip(*cells, strict=True) if cells else ((0,), (0,))
    xs = (min(columns) - margin, max(columns) + margin, *(x for x, _ in extra))
    ys = (min(rows) - margin, max(rows) + margin, *(y for _, y in extra))
    return CountyGrid(min(xs), max(xs), min(ys), max(ys), cells)
