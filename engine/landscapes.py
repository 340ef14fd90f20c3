"""Landscapes, the kinds of square a display can hold, and the picture notation (R1).

A *picture* draws a piece row by row, rows separated by ``/``, one character per cell:

====  ==========================================
``M``  meadow
``P``  pasture (a printed sheep)
``G``  grain field
``D``  distillery
``R``  ruin
``B``  bog
``1``  stone circle of value 1 (also ``2``, ``3``, ``4``)
``T``  town square (hometowns only)
``W``  tower (the 1×1 filler of R6.1)
``.``  no square
====  ==========================================

Coordinates: ``x`` grows to the right along a row, ``y`` grows downwards from row to row, and
the picture's top-left corner is ``(0, 0)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

Coord = tuple[int, int]


class Landscape(StrEnum):
    """What a square shows. ``TOWN`` and ``TOWER`` are not landscapes of R1 but fill cells."""

    MEADOW = "meadow"
    PASTURE = "pasture"
    GRAIN = "grain"
    DISTILLERY = "distillery"
    RUIN = "ruin"
    BOG = "bog"
    STONE = "stone"
    TOWN = "town"
    TOWER = "tower"

    @property
    def letter(self) -> str:
        """The picture letter (``S`` for a stone circle, whose pictures use its value).

        >>> Landscape.GRAIN.letter
        'G'
        """
        return _LETTER_OF[self]


class CellKind(StrEnum):
    """Which kind of piece a display cell belongs to."""

    HOMETOWN = "hometown"
    TILE = "tile"
    BONUS = "bonus"
    TOWER = "tower"


_LETTER_OF = {
    Landscape.MEADOW: "M",
    Landscape.PASTURE: "P",
    Landscape.GRAIN: "G",
    Landscape.DISTILLERY: "D",
    Landscape.RUIN: "R",
    Landscape.BOG: "B",
    Landscape.STONE: "S",
    Landscape.TOWN: "T",
    Landscape.TOWER: "W",
}
_BY_LETTER = {letter: landscape for landscape, letter in _LETTER_OF.items()}


@dataclass(frozen=True, slots=True)
class Square:
    """One square of a piece: its offset in the piece, its landscape and stone value (else 0)."""

    x: int
    y: int
    landscape: Landscape
    value: int = 0

    @property
    def letter(self) -> str:
        """The picture character of this square (a digit for a stone circle).

        >>> Square(0, 0, Landscape.STONE, 3).letter
        '3'
        """
        return str(self.value) if self.landscape is Landscape.STONE else self.landscape.letter


def parse_picture(picture: str) -> tuple[Square, ...]:
    """Read a picture into squares, in reading order (row by row, left to right).

    >>> [(s.x, s.y, s.letter) for s in parse_picture("MG/.3")]
    [(0, 0, 'M'), (1, 0, 'G'), (1, 1, '3')]
    """
    squares = []
    for y, row in enumerate(picture.split("/")):
        for x, char in enumerate(row):
            if char == ".":
                continue
            if char in "1234":
                squares.append(Square(x, y, Landscape.STONE, int(char)))
            elif char in _BY_LETTER and char != "S":
                squares.append(Square(x, y, _BY_LETTER[char]))
            else:
                raise ValueError(f"Unknown square {char!r} in picture {picture!r}.")
    return tuple(squares)


def draw_picture(squares: tuple[Square, ...] | list[Square]) -> str:
    """Draw squares back as a picture whose bounding box starts at (0, 0).

    >>> draw_picture(parse_picture(".M/G4"))
    '.M/G4'
    """
    min_x = min(s.x for s in squares)
    min_y = min(s.y for s in squares)
    width = max(s.x for s in squares) - min_x + 1
    height = max(s.y for s in squares) - min_y + 1
    grid = [["."] * width for _ in range(height)]
    for s in squares:
        grid[s.y - min_y][s.x - min_x] = s.letter
    return "/".join("".join(row) for row in grid)
