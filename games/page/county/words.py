"""A county in words: the names of landscapes and squares, each cell's screen-reader label, and
the paragraph that tells a whole county (for screen readers and the text view)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine import Cell, CellKind, Coord, Landscape, largest_rectangle_size

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
