"""A county and the tiles on offer, drawn for e-mail: a plain HTML table and a text grid.

Mail clients drop SVG, classes and grid layouts, so each square is a table cell with an inline
background colour and a letter; the text part draws the same grid in letters.

>>> from engine import Cell, Display, Landscape
>>> stone, bog = Cell(Landscape.STONE, 3), Cell(Landscape.BOG, sheep=True)
>>> county_text(Display({(0, 0): stone, (1, 0): bog}))
'  3 Bs'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from engine import TILES, Cell, Coord, Landscape
from games.page.county import county_grid, piece_cells, square_name

# The background colours of the board art (templates/games/_symbols.html).
COLOURS: dict[Landscape, str] = {
    Landscape.MEADOW: "#bcdc93",
    Landscape.PASTURE: "#7fb563",
    Landscape.GRAIN: "#e4b94b",
    Landscape.DISTILLERY: "#b9784a",
    Landscape.RUIN: "#b3afa5",
    Landscape.BOG: "#46685b",
    Landscape.STONE: "#a2b59c",
    Landscape.TOWN: "#f1e7cc",
    Landscape.TOWER: "#ddd7c7",
}
_LIGHT_TEXT = frozenset({Landscape.BOG, Landscape.DISTILLERY})


@dataclass(frozen=True, slots=True)
class MailSquare:
    """One cell of a drawn grid: background, text colour, the letter shown, and its label."""

    background: str
    colour: str
    text: str
    label: str


def _letter(cell: Cell) -> str:
    """What a square shows in letters: a stone circle its value, a sheep as a lower-case s."""
    letter = str(cell.value) if cell.landscape is Landscape.STONE else cell.landscape.letter
    return letter + ("s" if cell.sheep else "")


def _square(cell: Cell | None, label: str) -> MailSquare:
    if cell is None:
        return MailSquare("#ffffff", "#999999", "", label)
    colour = "#ffffff" if cell.landscape in _LIGHT_TEXT else "#2b2925"
    return MailSquare(COLOURS[cell.landscape], colour, _letter(cell), label)


def county_rows(display: Mapping[Coord, Cell]) -> list[list[MailSquare]]:
    """The county as rows of squares, cut to what is occupied."""
    grid = county_grid(display, margin=0)
    return [[_square(gc.cell, gc.label) for gc in row] for row in grid.rows]


def _text(rows: list[list[Cell | None]]) -> str:
    return "\n".join(
        "".join(("." if cell is None else _letter(cell)).rjust(3) for cell in row).rstrip()
        for row in rows
    )


def county_text(display: Mapping[Coord, Cell]) -> str:
    """The county as lines of letters (``.`` for an empty cell), for the text part."""
    grid = county_grid(display, margin=0)
    return _text([[gc.cell for gc in row] for row in grid.rows])


def _tile_cells(tile_id: int) -> list[list[Cell | None]]:
    squares = {(dx, dy): cell for dx, dy, cell in piece_cells(tile_id)}
    width = max(x for x, _y in squares) + 1
    height = max(y for _, y in squares) + 1
    return [[squares.get((x, y)) for x in range(width)] for y in range(height)]


@dataclass(frozen=True, slots=True)
class MailTile:
    """A tile on offer: its squares as rows, its description, and a text drawing."""

    number: int
    rows: list[list[MailSquare]]
    description: str
    text: str


def mail_tile(number: int, tile_id: int) -> MailTile:
    """Tile ``number`` (1 or 2) of the two on offer, as the mail draws it."""
    cells = _tile_cells(tile_id)
    rows = [
        [_square(cell, "" if cell is None else square_name(cell)) for cell in row] for row in cells
    ]
    names = ", ".join(square_name(c) for row in cells for c in row if c is not None)
    if TILES[tile_id].sheep:
        # Translators: a tile in a mail, its squares listed: "meadow, meadow, bog, with a sheep".
        names = _("%(squares)s, with a sheep") % {"squares": names}
    return MailTile(number, rows, names, _text(cells))
