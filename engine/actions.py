"""Actions and their text notation: the one place that writes and reads it.

Grammar (one action per line of the game's log; numbers are decimal integers, ``-`` allowed):

====================  =========================================================
``t<slot> o<o> x,y``  :class:`PlaceTile`: take slot 0 or 1 of your wheel area and place
                      orientation ``o`` of that tile with its bounding box at ``(x, y)``
``s x,y``             :class:`PlaceSheep`: put a gained sheep on the meadow at ``(x, y)``
``b x,y``             :class:`PlaceBonus`: place the next drawn bonus tile at ``(x, y)``
``w x,y``             :class:`PlaceTower`: place a tower at ``(x, y)`` (R6.1)
``undo``              :class:`UndoTurn`: take back your whole finished turn of the round
``end``               :class:`EndRound`: the system action that ends a complete round
====================  =========================================================

``parse_action(str(a)) == a`` for every action, and ``str(parse_action(t)) == t`` for every
text ``parse_action`` accepts. Text it cannot read raises :class:`InvalidNotation`; whether a
readable action is legal is for :func:`engine.apply` to say (:class:`IllegalAction`).

The actions that put one piece on one cell (a sheep, a bonus tile, a tower) are the *cell
actions*: a county's buttons post their ``letter`` and the cell, read back by
:func:`parse_cell_action`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from engine.errors import InvalidNotation
from engine.queries import PendingKind

_INT = r"(0|-?[1-9][0-9]*)"
_AT = rf"{_INT},{_INT}"


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Choose the tile in ``slot`` (0 or 1) of your area and place it (R4.2.1-2).

    >>> str(PlaceTile(1, 3, 4, -2))
    't1 o3 4,-2'
    """

    letter: ClassVar[str] = "t"

    slot: int
    orientation: int
    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"{self.letter}{self.slot} o{self.orientation} {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class PlaceSheep:
    """Put a gained sheep on the empty meadow at ``(x, y)`` (R5.3).

    >>> str(PlaceSheep(3, 1))
    's 3,1'
    """

    letter: ClassVar[str] = "s"

    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"{self.letter} {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class PlaceBonus:
    """Place the next drawn bonus tile at ``(x, y)`` (R4.2.4, R5.2).

    >>> str(PlaceBonus(0, 5))
    'b 0,5'
    """

    letter: ClassVar[str] = "b"

    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"{self.letter} {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class PlaceTower:
    """Place one of your towers at ``(x, y)`` (R6.1).

    >>> str(PlaceTower(2, 2))
    'w 2,2'
    """

    letter: ClassVar[str] = "w"

    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"{self.letter} {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class UndoTurn:
    """Take back your whole turn of the round while others still play (see :mod:`engine.undo`).

    >>> str(UndoTurn())
    'undo'
    """

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return "undo"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class EndRound:
    """The system action (seat None) closing a round whose turns are all over (R4.3-4, R6).

    >>> str(EndRound())
    'end'
    """

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return "end"

    def __str__(self) -> str:
        return self.notation


Action = PlaceTile | PlaceSheep | PlaceBonus | PlaceTower | UndoTurn | EndRound
CellAction = PlaceSheep | PlaceBonus | PlaceTower

#: The cell action that places what a seat has pending, by the kind of piece.
CELL_ACTIONS: Mapping[PendingKind, type[CellAction]] = MappingProxyType(
    {
        PendingKind.SHEEP: PlaceSheep,
        PendingKind.BONUS: PlaceBonus,
        PendingKind.TOWER: PlaceTower,
    }
)
_BY_LETTER: Mapping[str, type[CellAction]] = {kind.letter: kind for kind in CELL_ACTIONS.values()}
_READERS: tuple[tuple[re.Pattern[str], Callable[..., Action]], ...] = (
    (re.compile(rf"{PlaceTile.letter}([01]) o(0|[1-9][0-9]*) {_AT}"), PlaceTile),
    *((re.compile(rf"{letter} {_AT}"), kind) for letter, kind in _BY_LETTER.items()),
)


def cell_action(kind: PendingKind, x: int, y: int) -> CellAction:
    """The action placing a pending sheep, bonus tile or tower (by pending kind) at ``(x, y)``.

    >>> cell_action(PendingKind.TOWER, 2, -1)
    PlaceTower(x=2, y=-1)
    """
    if kind not in CELL_ACTIONS:
        raise ValueError(f"A {kind.value} is not placed on a single cell.")
    return CELL_ACTIONS[kind](x, y)


def parse_cell_action(letter: str, x: int, y: int) -> CellAction:
    """Read a cell action from its ``letter`` and its cell, as a county's buttons post them.

    >>> parse_cell_action("s", 3, 1)
    PlaceSheep(x=3, y=1)
    >>> parse_cell_action("t", 3, 1)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNotation: not_notation(text='t')
    """
    kind = _BY_LETTER.get(letter)
    if kind is None:
        raise InvalidNotation("not_notation", text=letter)
    return kind(x, y)


def parse_action(text: str) -> Action:
    """Read an action from its notation; raise :class:`InvalidNotation` on anything else.

    >>> parse_action("t1 o3 4,-2")
    PlaceTile(slot=1, orientation=3, x=4, y=-2)
    >>> parse_action("s 3,1"), parse_action("undo"), parse_action("end")
    (PlaceSheep(x=3, y=1), UndoTurn(), EndRound())
    """
    for whole in (EndRound(), UndoTurn()):
        if text == whole.notation:
            return whole
    for pattern, kind in _READERS:
        match = pattern.fullmatch(text)
        if match is not None:
            return kind(*(int(group) for group in match.groups()))
    raise InvalidNotation("not_notation", text=text)
