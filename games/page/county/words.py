"""A county in words: the names of landscapes and squares, each cell's screen-reader label, and
the paragraph that tells a whole county (for screen readers and the text view)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from django.utils.translation import get_language, gettext, ngettext

from engine import Cell, CellKind, Coord, Landscape, largest_rectangle_size
from games.words import landscape_count, landscape_name, listing, square_name

__all__ = [
    "LANDSCAPE_ORDER",
    "cell_label",
    "cell_labeller",
    "cell_phrases",
    "describe_county",
    "landscape_name",
    "square_name",
]

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


def cell_label(x: int, y: int, cell: Cell | None) -> str:
    """The screen-reader text of one cell of a county (:func:`cell_labeller` for many).

    >>> cell_label(4, 4, None), cell_label(3, 1, Cell(Landscape.MEADOW, sheep=True))
    ('empty at (4, 4)', 'meadow with a sheep at (3, 1)')
    """
    return cell_labeller()(x, y, cell)


#: Per language, the name of each kind of square a county shows (a few dozen, as the tiles hold
#: them): told once per process, not once for every drawing.
_square_names: dict[str | None, dict[tuple[object, ...], str]] = {}


def cell_labeller() -> Callable[[int, int, Cell | None], str]:
    """The screen-reader text of a county's cells, for the many cells of one drawing, in the
    active language: its words are looked up once, not for every cell (a county of a hundred
    cells asked the catalogue some 250 times, most of the time it took to draw it afresh).

    >>> label = cell_labeller()
    >>> label(4, 4, None), label(3, 1, Cell(Landscape.MEADOW, sheep=True))
    ('empty at (4, 4)', 'meadow with a sheep at (3, 1)')
    """
    empty, square_at = cell_phrases()
    names = _square_names.setdefault(get_language(), {})

    def label(x: int, y: int, cell: Cell | None) -> str:
        if cell is None:
            return empty % {"x": x, "y": y}
        shows = (cell.landscape, cell.value, cell.sheep, cell.kind)  # all square_name reads
        name = names.get(shows)
        if name is None:
            name = names[shows] = square_name(cell)
        return square_at % {"square": name, "x": x, "y": y}

    return label


def cell_phrases() -> tuple[str, str]:
    """The two labels of a county's cells, in the active language, each to be filled in with
    ``%``: an empty cell at ``x`` and ``y``, and a ``square`` (its name) at ``x`` and ``y``.

    >>> empty, square_at = cell_phrases()
    >>> empty % {"x": 4, "y": 4}, square_at % {"square": "bog", "x": 3, "y": 1}
    ('empty at (4, 4)', 'bog at (3, 1)')
    """
    # Translators: an empty cell of a county and its coordinates.
    empty = gettext("empty at (%(x)d, %(y)d)")
    # Translators: a square of a county and its coordinates, e.g. "bog at (3, 1)".
    square_at = gettext("%(square)s at (%(x)d, %(y)d)")
    return empty, square_at


def _landscapes(cells: Mapping[Coord, Cell]) -> list[str]:
    lands = Counter(c.landscape for c in cells.values())
    parts = []
    for landscape in LANDSCAPE_ORDER:
        n = lands[landscape]
        if not n:
            continue
        part = landscape_count(landscape, n)
        if landscape is Landscape.MEADOW:
            sheep = sum(1 for c in cells.values() if c.landscape is landscape and c.sheep)
            if sheep:
                part = ngettext(
                    # Translators: meadows counted, then how many hold a sheep token.
                    "%(meadows)s (%(count)d with a sheep)",
                    "%(meadows)s (%(count)d with sheep)",
                    sheep,
                ) % {"meadows": part, "count": sheep}
        elif landscape is Landscape.STONE:
            worth = sum(c.value for c in cells.values() if c.landscape is landscape)
            # Translators: stone circles counted, then the sum of their values.
            part = gettext("%(stones)s (worth %(worth)d)") % {"stones": part, "worth": worth}
        parts.append(part)
    return parts


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
        return gettext("An empty county.")
    kinds = Counter(c.kind for c in cells.values())
    tiles = len({c.tile_id for c in cells.values() if c.kind is CellKind.TILE})
    pieces = []
    if kinds[CellKind.HOMETOWN]:
        pieces.append(gettext("hometown"))
    if tiles or not pieces:
        pieces.append(ngettext("%(count)d tile", "%(count)d tiles", tiles) % {"count": tiles})
    if bonus := kinds[CellKind.BONUS]:
        pieces.append(
            ngettext("%(count)d bonus tile", "%(count)d bonus tiles", bonus) % {"count": bonus}
        )
    head = listing(pieces)
    squares = ngettext("%(count)d square", "%(count)d squares", len(cells)) % {"count": len(cells)}
    width, height = largest_rectangle_size(cells.keys())
    # Translators: a county told in words: its pieces, how many squares, then the landscapes,
    # e.g. "Hometown, 1 tile and 1 bonus tile, 14 squares: 4 town squares, 3 meadows, 1 bog."
    told = gettext("%(pieces)s, %(squares)s: %(landscapes)s.") % {
        "pieces": head[0].upper() + head[1:],
        "squares": squares,
        # Translators: the comma between the landscapes of a county told in words.
        "landscapes": gettext(", ").join(_landscapes(cells)),
    }
    rectangle = gettext("Largest filled rectangle %(width)d × %(height)d.") % {
        "width": width,
        "height": height,
    }
    return f"{told} {rectangle}"
