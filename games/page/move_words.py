"""The words of moves: what a move did, told to the player trying it and to anyone reading the log.

A logged move is told in the third person ("Brendan places a tile of 3 squares …", :func:`tell`),
by the landscapes it placed and the ones it was put beside, never by raw coordinates; what it
caused (whiskey, bog sites, sheep) follows in the same voice. A tile being tried is told to its
player in the second person (:func:`tell_preview`): "You gain a sheep (tile)."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import engine
from engine import Cell, CellKind, Coord, Landscape, largest_rectangle, towers_earned
from games.page.county import landscape_name

_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def listing(words: Sequence[str]) -> str:
    """Words joined as in a sentence.

    >>> listing(["a bog"]), listing(["a bog", "a ruin", "2 meadows"])
    ('a bog', 'a bog, a ruin and 2 meadows')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _a(landscape: Landscape) -> str:
    name = landscape_name(landscape)
    return ("an " if name[0] in "aeiou" else "a ") + name


def counted(landscapes: Iterable[Landscape]) -> str:
    """Landscapes counted, in the order they first appear: "2 meadows and a ruin".

    >>> counted([Landscape.MEADOW, Landscape.RUIN, Landscape.MEADOW])
    '2 meadows and a ruin'
    """
    counts = Counter(landscapes)
    return listing([f"{n} {landscape_name(x, n)}" if n > 1 else _a(x) for x, n in counts.items()])


def beside(display: Mapping[Coord, engine.Cell], cells: Sequence[Coord]) -> str:
    """What a new piece on ``cells`` touches in the county it joined: "beside their hometown and
    a bog".

    >>> from engine import Cell, Display
    >>> county = Display({(0, 0): Cell(Landscape.TOWN, kind=CellKind.HOMETOWN),
    ...                   (2, 1): Cell(Landscape.BOG)})
    >>> beside(county, [(1, 0), (1, 1)])
    'beside their hometown and a bog'
    """
    home = False
    touched: list[Landscape] = []
    for x, y in cells:
        for dx, dy in _NEIGHBOURS:
            cell = display.get((x + dx, y + dy))
            if cell is None or (x + dx, y + dy) in cells:
                continue
            if cell.kind is CellKind.HOMETOWN and cell.landscape is Landscape.TOWN:
                home = True
            elif cell.landscape not in touched:
                touched.append(cell.landscape)
    parts = (["their hometown"] if home else []) + [_a(x) for x in touched]
    return f"beside {listing(parts)}" if parts else ""


def _placed(step: engine.Step, who: str) -> str:
    placed = engine.placed_piece(step.events)
    assert placed is not None and placed.seat is not None
    display = step.before.seats[placed.seat].display
    where = beside(display, placed.cells)
    if placed.kind is engine.PieceKind.TILE:
        assert placed.piece_id is not None
        tile = engine.TILES[placed.piece_id]
        sheep = ", with +Sheep" if tile.sheep else ""
        text = f"{who} places a tile of {tile.size} squares ({counted(placed.landscapes)}{sheep})"
    elif placed.kind is engine.PieceKind.BONUS:
        text = f"{who} places a bonus tile ({_a(placed.landscapes[0])})"
    elif placed.kind is engine.PieceKind.TOWER:
        text = f"{who} places a tower"
    else:
        cell = display[placed.cells[0]]
        of = {CellKind.HOMETOWN: "of their hometown", CellKind.BONUS: "of a bonus tile"}
        where = of.get(cell.kind, "of a tile")
        text = f"{who} puts a sheep on a meadow"
    return f"{text} {where}." if where else f"{text}."


class _Who:
    """How a sentence names a seat: by its name in the history, "you" in the player's preview."""

    def __init__(self, names: Mapping[int, str] | None) -> None:
        self.names = names  # None: every seat is the reader's own

    def subject(self, seat: int, verb: str, verb_s: str) -> str:
        """The seat doing something: "Aoife gains", "You gain"."""
        return f"You {verb}" if self.names is None else f"{self.names[seat]} {verb_s}"

    def mid(self, seat: int, verb: str, verb_s: str) -> str:
        """The same inside a sentence: "Aoife draws", "you draw"."""
        return f"you {verb}" if self.names is None else f"{self.names[seat]} {verb_s}"

    def own(self, seat: int, *, start: bool = False) -> str:
        """What belongs to the seat: "Aoife’s", "your" ("Your" to start a sentence)."""
        if self.names is not None:
            return f"{self.names[seat]}’s"
        return "Your" if start else "your"

    def owned(self, seat: int) -> str:
        """ "of Aoife’s", "of yours"."""
        return "of yours" if self.names is None else f"of {self.names[seat]}’s"


def _caused(events: Iterable[object], who: _Who) -> list[str]:
    out: list[str] = []
    for event in events:
        if isinstance(event, engine.WhiskeyAdvanced):
            points = engine.WHISKEY_POINTS[event.new_space]
            spaces = "space" if event.steps == 1 else "spaces"
            out.append(
                f"Whiskey: {who.own(event.seat)} barrel moves {event.steps} {spaces} to "
                f"{event.new_space} ({points} points)."
            )
        elif isinstance(event, engine.BogSiteFormed):
            tiles = "a bonus tile" if event.count == 1 else f"{event.count} bonus tiles"
            out.append(f"A new protected bog site: {who.mid(event.seat, 'draw', 'draws')} {tiles}.")
        elif isinstance(event, engine.SheepGained):
            why = "from whiskey" if event.source is engine.SheepSource.WHISKEY else "from +Sheep"
            out.append(f"{who.subject(event.seat, 'gain', 'gains')} a sheep {why}.")
        elif isinstance(event, engine.SheepLost):
            out.append(f"A sheep {who.owned(event.seat)} is lost: {event.reason.value}.")
        elif isinstance(event, engine.FlockMarkerMoved):
            if event.to_seat is None:
                out.append("The Largest Flock marker goes back to the supply.")
            else:
                out.append(
                    f"{who.subject(event.to_seat, 'take', 'takes')} the Largest Flock marker."
                )
        elif isinstance(event, engine.TowersAwarded) and (event.count or event.short):
            towers = "a tower" if event.count == 1 else f"{event.count} towers"
            out.append(f"{who.own(event.seat, start=True)} ruin runs earn {towers}.")
        elif isinstance(event, engine.GameFinished):
            out.append("The game is over.")
    return out


def tell(step: engine.Step, names: Mapping[int, str]) -> str:
    """One logged move and what it caused, in the third person; ``names`` maps seats to names."""
    if isinstance(step.action, engine.EndRound):
        head = "The round ends: the sheep phase, then the wheel is refilled and turned."
        if step.state.phase is engine.Phase.TOWERS:
            head = "The last round ends with the sheep phase; the final step, the towers, begins."
        elif step.state.phase is engine.Phase.FINISHED:
            head = "The last round ends with the sheep phase."
    elif isinstance(step.action, engine.UndoTurn):
        assert step.seat is not None
        what = "the towers they placed" if step.state.phase is engine.Phase.TOWERS else "their turn"
        head = f"{names[step.seat]} takes back {what}, to play it again."
    else:
        assert step.seat is not None
        head = _placed(step, names[step.seat])
    return " ".join([head, *_caused(step.events, _Who(names))])


def tell_preview(
    events: Iterable[object], before: Mapping[Coord, Cell], after: Mapping[Coord, Cell]
) -> tuple[str, ...]:
    """What placing a tile would bring, in sentences for the player trying it: what it causes,
    then a larger filled rectangle and more towers earned, if the county goes from ``before`` to
    ``after``."""
    gains = _caused(events, _Who(None))
    area_before, area_after = largest_rectangle(before), largest_rectangle(after)
    if area_after > area_before:
        gains.append(f"Largest filled rectangle grows from {area_before} to {area_after}.")
    towers_before, towers_after = towers_earned(before), towers_earned(after)
    if towers_after > towers_before:
        towers = "a tower" if towers_after == 1 else f"{towers_after} towers"
        gains.append(f"Ruin runs now earn {towers} at the end (R5.5).")
    return tuple(gains)
