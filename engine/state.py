"""The game state: immutable values with an exact JSON round trip.

``GameState.from_json(state.to_json()) == state`` holds for every state, views included.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.catalogue import AREAS, HOMETOWNS
from engine.landscapes import CellKind, Coord, Landscape
from engine.variants import Variant

Area = tuple[int | None, int | None]


class Phase(StrEnum):
    """Where the game stands: rounds being played, the tower step of R6.1, or over."""

    PLAYING = "playing"
    TOWERS = "towers"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Cell:
    """One occupied cell of a display.

    ``value`` is a stone circle's value (else 0); ``sheep`` says a sheep token stands on it;
    ``tile_id`` is the hometown layout, tile or bonus tile id (None for a tower).
    """

    landscape: Landscape
    value: int = 0
    sheep: bool = False
    kind: CellKind = CellKind.TILE
    tile_id: int | None = None

    @property
    def is_pasture(self) -> bool:
        """A printed pasture, or a meadow holding a sheep (R5.3): part of a flock (R5.4)."""
        return self.landscape is Landscape.PASTURE or self.sheep

    @property
    def is_empty_meadow(self) -> bool:
        """A meadow without a sheep token: where a gained sheep may go (R5.3)."""
        return self.landscape is Landscape.MEADOW and not self.sheep


class Display(Mapping[Coord, Cell]):
    """A player's display: an immutable mapping ``(x, y) -> Cell`` of its occupied cells.

    >>> d = Display({(0, 0): Cell(Landscape.MEADOW)})
    >>> (0, 0) in d, (1, 0) in d, len(d.with_cells([((1, 0), Cell(Landscape.BOG))]))
    (True, False, 2)
    """

    __slots__ = ("_cells", "_read_only")
    _cells: dict[Coord, Cell]
    _read_only: Mapping[Coord, Cell]

    def __init__(self, cells: Mapping[Coord, Cell] | Iterable[tuple[Coord, Cell]] = ()) -> None:
        self._hold(dict(cells))

    @classmethod
    def owning(cls, cells: dict[Coord, Cell]) -> Display:
        """A display of ``cells``, a dict made for it that nobody else holds (not copied)."""
        display = cls.__new__(cls)
        display._hold(cells)
        return display

    def _hold(self, own: dict[Coord, Cell]) -> None:
        object.__setattr__(self, "_cells", own)
        # States and their views share displays, so nobody may change one through ``cells``.
        object.__setattr__(self, "_read_only", MappingProxyType(own))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("A display is immutable.")

    def __getitem__(self, key: Coord) -> Cell:
        return self._cells[key]

    def __contains__(self, key: object) -> bool:
        return key in self._cells

    def __iter__(self) -> Iterator[Coord]:
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Display):
            return other is self or self._cells == other._cells
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._cells.items()))

    def __repr__(self) -> str:
        return f"Display({self._cells!r})"

    @property
    def cells(self) -> Mapping[Coord, Cell]:
        """The cells as a read-only mapping, for fast loops.

        >>> d = Display({(0, 0): Cell(Landscape.MEADOW)})
        >>> d.cells[(1, 0)] = Cell(Landscape.BOG)
        Traceback (most recent call last):
        TypeError: 'mappingproxy' object does not support item assignment
        """
        return self._read_only

    def with_cells(self, new: Iterable[tuple[Coord, Cell]]) -> Display:
        """A new display with these cells set (added or replaced)."""
        cells = dict(self._cells)
        cells.update(new)
        return Display(cells)


def hometown_display(layout: int) -> Display:
    """The display a player starts with: their hometown layout at its own coordinates.

    >>> len(hometown_display(0))
    9
    """
    return Display(
        ((s.x, s.y), Cell(s.landscape, s.value, False, CellKind.HOMETOWN, layout))
        for s in HOMETOWNS[layout].squares
    )


@dataclass(frozen=True, slots=True)
class SeatState:
    """One player's part of the game.

    ``taken`` is the id of the tile taken this round (None before); ``sheep_pending``,
    ``bonus_pending`` (bonus tile ids, in the order drawn) and ``towers_pending`` are the
    follow-ups still to place; ``turn_done`` is the only thing of the current round that other
    players see (R4.2). ``drawn`` lists the bonus tiles the seat drew this round, in the order
    drawn, so a turn taken back returns them to the stack as they lay (:mod:`engine.undo`).
    """

    hometown: int
    display: Display
    barrel: int = 0
    taken: int | None = None
    sheep_pending: int = 0
    bonus_pending: tuple[int, ...] = ()
    towers_pending: int = 0
    turn_done: bool = False
    drawn: tuple[int, ...] = ()

    @property
    def arms(self) -> int:
        """The player's coat of arms: that of their hometown (R1)."""
        return self.hometown // 2


@dataclass(frozen=True, slots=True)
class RoundStart:
    """What every player saw when the current round (or the tower step) began.

    ``bonus`` lists the ids of the bonus tiles left in the stack then, sorted (their order is
    secret and not needed here).
    """

    seats: tuple[SeatState, ...]
    areas: tuple[Area, ...]
    sheep_supply: int
    bonus: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game. Build it with :func:`engine.new_game`; change it with :func:`engine.apply`.

    ``areas[a]`` holds the two slots of wheel area ``a`` (tile ids, None when empty); ``bag``
    and ``bonus_stack`` are in draw order (first drawn first). ``spin`` is the current wheel
    offset: the player with coat of arms ``c`` takes area ``(c + spin) % 5`` (R4.1).
    In a view (see :func:`engine.view`) ``seed`` is None and the secret orders are sorted.
    ``variant`` says how the game deals (see :mod:`engine.variants`).
    """

    seed: int | None
    players: int
    rounds_total: int
    round: int
    phase: Phase
    start_player: int
    spin: int
    areas: tuple[Area, ...]
    bag: tuple[int, ...]
    bonus_stack: tuple[int, ...]
    sheep_supply: int
    tower_supply: int
    marker: int | None
    seats: tuple[SeatState, ...]
    start: RoundStart
    variant: Variant = Variant.STANDARD

    @property
    def is_view(self) -> bool:
        """True for a player's or spectator's view, which hides the seed and draw orders."""
        return self.seed is None

    def area_of(self, seat: int) -> int:
        """The wheel area this seat takes its tile from this round (R4.1)."""
        return (self.seats[seat].arms + self.spin) % AREAS

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back exactly."""
        return {
            "seed": self.seed,
            "players": self.players,
            "rounds_total": self.rounds_total,
            "round": self.round,
            "phase": self.phase.value,
            "start_player": self.start_player,
            "spin": self.spin,
            "areas": [list(a) for a in self.areas],
            "bag": list(self.bag),
            "bonus_stack": list(self.bonus_stack),
            "sheep_supply": self.sheep_supply,
            "tower_supply": self.tower_supply,
            "marker": self.marker,
            "seats": [_seat_to_dict(s) for s in self.seats],
            "start": {
                "seats": [
                    _seat_to_dict(s, now=now)
                    for s, now in zip(self.start.seats, self.seats, strict=True)
                ],
                "areas": [list(a) for a in self.start.areas],
                "sheep_supply": self.start.sheep_supply,
                "bonus": list(self.start.bonus),
            },
            "variant": self.variant.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state from :meth:`to_dict` output."""
        start = data["start"]
        seats = tuple(_seat_from_dict(s) for s in data["seats"])
        return cls(
            seed=data["seed"],
            players=data["players"],
            rounds_total=data["rounds_total"],
            round=data["round"],
            phase=Phase(data["phase"]),
            start_player=data["start_player"],
            spin=data["spin"],
            areas=tuple(_area(a) for a in data["areas"]),
            bag=tuple(data["bag"]),
            bonus_stack=tuple(data["bonus_stack"]),
            sheep_supply=data["sheep_supply"],
            tower_supply=data["tower_supply"],
            marker=data["marker"],
            seats=seats,
            start=RoundStart(
                seats=tuple(
                    _seat_from_dict(s, now) for s, now in zip(start["seats"], seats, strict=True)
                ),
                areas=tuple(_area(a) for a in start["areas"]),
                sheep_supply=start["sheep_supply"],
                bonus=tuple(start["bonus"]),
            ),
            variant=Variant(data.get("variant", Variant.STANDARD)),
        )

    def to_json(self) -> str:
        """The state as a compact JSON string."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Rebuild a state from :meth:`to_json` output."""
        return cls.from_dict(json.loads(text))


def _area(slots: list[int | None]) -> Area:
    return (slots[0], slots[1])


def _seat_to_dict(seat: SeatState, now: SeatState | None = None) -> dict[str, Any]:
    """The seat as JSON. With ``now``, the same seat as it is now (for a seat at the round's
    start), a display unchanged since is written as ``null``: every seat's at a deal and each
    seat's yet to play, about half the state's text neither written nor read twice."""
    return {
        "hometown": seat.hometown,
        "display": None
        if now is not None and now.display == seat.display
        else [
            [x, y, c.landscape.value, c.value, c.sheep, c.kind.value, c.tile_id]
            for (x, y), c in seat.display.cells.items()
        ],
        "barrel": seat.barrel,
        "taken": seat.taken,
        "sheep_pending": seat.sheep_pending,
        "bonus_pending": list(seat.bonus_pending),
        "towers_pending": seat.towers_pending,
        "turn_done": seat.turn_done,
        "drawn": list(seat.drawn),
    }


#: Every cell read back so far, by what it was written as: a cell never changes, so one is
#: shared by every display holding it (a state reads back some 500 of them, most of the time
#: it took; there are a few thousand different cells at most).
_CELLS: dict[tuple[str, int, bool, str, int | None], Cell] = {}


def _new_cell(key: tuple[str, int, bool, str, int | None]) -> Cell:
    land, value, sheep, kind, tile_id = key
    cell = _CELLS[key] = Cell(Landscape(land), value, sheep, CellKind(kind), tile_id)
    return cell


def _display_from_list(rows: list[list[Any]]) -> Display:
    cells, known = {}, _CELLS
    for x, y, land, value, sheep, kind, tile_id in rows:
        key = (land, value, sheep, kind, tile_id)
        cells[x, y] = known.get(key) or _new_cell(key)
    return Display.owning(cells)


def _seat_from_dict(data: Mapping[str, Any], now: SeatState | None = None) -> SeatState:
    """The seat :func:`_seat_to_dict` wrote (``now`` as it was given there: a display written
    as ``null`` is ``now``'s, shared)."""
    rows = data["display"]
    return SeatState(
        hometown=data["hometown"],
        display=now.display if rows is None and now is not None else _display_from_list(rows),
        barrel=data["barrel"],
        taken=data["taken"],
        sheep_pending=data["sheep_pending"],
        bonus_pending=tuple(data["bonus_pending"]),
        towers_pending=data["towers_pending"],
        turn_done=data["turn_done"],
        # States saved before turns could be taken back have no draws to remember.
        drawn=tuple(data.get("drawn", ())),
    )
