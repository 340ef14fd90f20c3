"""Actions and their text notation.

Grammar (one action per line of the game's log; numbers are decimal integers, ``-`` allowed):

====================  =========================================================
``t<slot> o<o> x,y``  :class:`PlaceTile`: take slot 0 or 1 of your wheel area and place
                      orientation ``o`` of that tile with its bounding box at ``(x, y)``
``s x,y``             :class:`PlaceSheep`: put a gained sheep on the meadow at ``(x, y)``
``b x,y``             :class:`PlaceBonus`: place the next drawn bonus tile at ``(x, y)``
``w x,y``             :class:`PlaceTower`: place a tower at ``(x, y)`` (R6.1)
``end``               :class:`EndRound`: the system action that ends a complete round
====================  =========================================================

``parse_action(str(a)) == a`` for every action, and ``str(parse_action(t)) == t`` for every
text ``parse_action`` accepts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import IllegalAction

_INT = r"(0|-?[1-9][0-9]*)"
_AT = rf"{_INT},{_INT}"
_PATTERNS = (
    ("t", re.compile(rf"t([01]) o(0|[1-9][0-9]*) {_AT}")),
    ("s", re.compile(rf"s {_AT}")),
    ("b", re.compile(rf"b {_AT}")),
    ("w", re.compile(rf"w {_AT}")),
)


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Choose the tile in ``slot`` (0 or 1) of your area and place it (R4.2.1-2).

    >>> str(PlaceTile(1, 3, 4, -2))
    't1 o3 4,-2'
    """

    slot: int
    orientation: int
    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"t{self.slot} o{self.orientation} {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class PlaceSheep:
    """Put a gained sheep on the empty meadow at ``(x, y)`` (R5.3).

    >>> str(PlaceSheep(3, 1))
    's 3,1'
    """

    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"s {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class PlaceBonus:
    """Place the next drawn bonus tile at ``(x, y)`` (R4.2.4, R5.2).

    >>> str(PlaceBonus(0, 5))
    'b 0,5'
    """

    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"b {self.x},{self.y}"

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class PlaceTower:
    """Place one of your towers at ``(x, y)`` (R6.1).

    >>> str(PlaceTower(2, 2))
    'w 2,2'
    """

    x: int
    y: int

    @property
    def notation(self) -> str:
        """The text form of this action."""
        return f"w {self.x},{self.y}"

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


Action = PlaceTile | PlaceSheep | PlaceBonus | PlaceTower | EndRound


def parse_action(text: str) -> Action:
    """Read an action from its notation; raise :class:`IllegalAction` on anything else.

    >>> parse_action("t1 o3 4,-2")
    PlaceTile(slot=1, orientation=3, x=4, y=-2)
    >>> parse_action("s 3,1"), parse_action("end")
    (PlaceSheep(x=3, y=1), EndRound())
    """
    if text == "end":
        return EndRound()
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        numbers = [int(g) for g in match.groups()]
        if kind == "t":
            return PlaceTile(*numbers)
        if kind == "s":
            return PlaceSheep(*numbers)
        if kind == "b":
            return PlaceBonus(*numbers)
        return PlaceTower(*numbers)
    raise IllegalAction(f"{text!r} is not a move this game understands.")
