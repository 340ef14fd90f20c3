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


#: Per language, the phrases counties are told in (:func:`describe_county`), each under what it
#: says: a county told afresh, as after each round's end, asks the catalogue for none it has
#: asked before (some 18 lookups a county, most of the time telling it took).
_said: dict[str | None, dict[tuple[object, ...], str]] = {}


def _landscapes(cells: Mapping[Coord, Cell], say: Callable[..., str]) -> list[str]:
    lands = Counter(c.landscape for c in cells.values())
    parts = []
    for landscape in LANDSCAPE_ORDER:
        n = lands[landscape]
        if not n:
            continue
        if landscape is Landscape.MEADOW:
            sheep = sum(1 for c in cells.values() if c.landscape is landscape and c.sheep)
            parts.append(say(_meadows, n, sheep))
        elif landscape is Landscape.STONE:
            worth = sum(c.value for c in cells.values() if c.landscape is landscape)
            parts.append(say(_stones, n, worth))
        else:
            parts.append(say(landscape_count, landscape, n))
    return parts


def _meadows(count: int, sheep: int) -> str:
    part = landscape_count(Landscape.MEADOW, count)
    if not sheep:
        return part
    return ngettext(
        # Translators: meadows counted, then how many hold a sheep token.
        "%(meadows)s (%(count)d with a sheep)",
        "%(meadows)s (%(count)d with sheep)",
        sheep,
    ) % {"meadows": part, "count": sheep}


def _stones(count: int, worth: int) -> str:
    # Translators: stone circles counted, then the sum of their values.
    return gettext("%(stones)s (worth %(worth)d)") % {
        "stones": landscape_count(Landscape.STONE, count),
        "worth": worth,
    }


def _pieces(hometown: bool, tiles: int, bonus: int) -> str:
    pieces = []
    if hometown:
        pieces.append(gettext("hometown"))
    if tiles or not pieces:
        pieces.append(ngettext("%(count)d tile", "%(count)d tiles", tiles) % {"count": tiles})
    if bonus:
        pieces.append(
            ngettext("%(count)d bonus tile", "%(count)d bonus tiles", bonus) % {"count": bonus}
        )
    head = listing(pieces)
    return head[0].upper() + head[1:]


def _squares(count: int) -> str:
    return ngettext("%(count)d square", "%(count)d squares", count) % {"count": count}


def _told() -> str:
    # Translators: a county told in words: its pieces, how many squares, then the landscapes,
    # e.g. "Hometown, 1 tile and 1 bonus tile, 14 squares: 4 town squares, 3 meadows, 1 bog."
    return gettext("%(pieces)s, %(squares)s: %(landscapes)s.")


def _comma() -> str:
    # Translators: the comma between the landscapes of a county told in words.
    return gettext(", ")


def _rectangle(width: int, height: int) -> str:
    return gettext("Largest filled rectangle %(width)d × %(height)d.") % {
        "width": width,
        "height": height,
    }


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
    said = _said.setdefault(get_language(), {})

    def say(tell: Callable[..., str], *counts: object) -> str:
        key = (tell, *counts)
        text = said.get(key)
        if text is None:
            text = said[key] = tell(*counts)
        return text

    kinds = Counter(c.kind for c in cells.values())
    tiles = len({c.tile_id for c in cells.values() if c.kind is CellKind.TILE})
    told = say(_told) % {
        "pieces": say(_pieces, bool(kinds[CellKind.HOMETOWN]), tiles, kinds[CellKind.BONUS]),
        "squares": say(_squares, len(cells)),
        "landscapes": say(_comma).join(_landscapes(cells, say)),
    }
    return f"{told} {say(_rectangle, *largest_rectangle_size(cells.keys()))}"
