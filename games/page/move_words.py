"""The words of moves: what a move did, told to the player trying it and to anyone reading the log.

A logged move is told in the third person ("Brendan places a tile of 3 squares …", :func:`tell`),
by the landscapes it placed and the ones it was put beside, never by raw coordinates; what it
caused (whiskey, bog sites, sheep) follows in the same voice. A tile being tried is told to its
player in the second person (:func:`tell_preview`): "You gain a sheep (tile)."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from django.utils.translation import gettext, ngettext

import engine
from engine import Cell, CellKind, Coord, Landscape, largest_rectangle, towers_earned
from games.words import a_landscape, listing

__all__ = ["beside", "counted", "listing", "tell", "tell_preview"]

_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def counted(landscapes: Iterable[Landscape]) -> str:
    """Landscapes counted, in the order they first appear: "2 meadows and a ruin".

    >>> counted([Landscape.MEADOW, Landscape.RUIN, Landscape.MEADOW])
    '2 meadows and a ruin'
    """
    counts = Counter(landscapes)
    return listing([a_landscape(x, n) for x, n in counts.items()])


def beside(display: Mapping[Coord, engine.Cell], cells: Sequence[Coord]) -> str:
    """What a new piece on ``cells`` touches in the county it joined: "their hometown and a bog"
    ("" when nothing: a piece placed first touches only what it was put beside).

    >>> from engine import Cell, Display
    >>> county = Display({(0, 0): Cell(Landscape.TOWN, kind=CellKind.HOMETOWN),
    ...                   (2, 1): Cell(Landscape.BOG)})
    >>> beside(county, [(1, 0), (1, 1)])
    'their hometown and a bog'
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
    # Translators: what a piece was placed beside, e.g. "beside their hometown and a bog".
    parts = ([gettext("their hometown")] if home else []) + [a_landscape(x) for x in touched]
    return listing(parts)


def _tile(name: str, tile: engine.Tile, landscapes: str, where: str) -> str:
    told = {"name": name, "size": tile.size, "landscapes": landscapes, "beside": where}
    if tile.sheep and where:
        return (
            ngettext(
                # Translators: a move in the history, e.g. "Aoife places a tile of 3 squares
                # (2 meadows and a ruin, with +Sheep) beside a bog."
                "%(name)s places a tile of %(size)d square (%(landscapes)s, with +Sheep) "
                "beside %(beside)s.",
                "%(name)s places a tile of %(size)d squares (%(landscapes)s, with +Sheep) "
                "beside %(beside)s.",
                tile.size,
            )
            % told
        )
    if tile.sheep:
        return (
            ngettext(
                "%(name)s places a tile of %(size)d square (%(landscapes)s, with +Sheep).",
                "%(name)s places a tile of %(size)d squares (%(landscapes)s, with +Sheep).",
                tile.size,
            )
            % told
        )
    if where:
        return (
            ngettext(
                "%(name)s places a tile of %(size)d square (%(landscapes)s) beside %(beside)s.",
                "%(name)s places a tile of %(size)d squares (%(landscapes)s) beside %(beside)s.",
                tile.size,
            )
            % told
        )
    return (
        ngettext(
            "%(name)s places a tile of %(size)d square (%(landscapes)s).",
            "%(name)s places a tile of %(size)d squares (%(landscapes)s).",
            tile.size,
        )
        % told
    )


def _placed(step: engine.Step, name: str) -> str:
    placed = engine.placed_piece(step.events)
    assert placed is not None and placed.seat is not None
    display = step.before.seats[placed.seat].display
    where = beside(display, placed.cells)
    if placed.kind is engine.PieceKind.TILE:
        assert placed.piece_id is not None
        return _tile(name, engine.TILES[placed.piece_id], counted(placed.landscapes), where)
    if placed.kind is engine.PieceKind.BONUS:
        told = {"name": name, "landscape": a_landscape(placed.landscapes[0]), "beside": where}
        if where:
            return gettext("%(name)s places a bonus tile (%(landscape)s) beside %(beside)s.") % told
        return gettext("%(name)s places a bonus tile (%(landscape)s).") % told
    if placed.kind is engine.PieceKind.TOWER:
        if where:
            return gettext("%(name)s places a tower beside %(beside)s.") % {
                "name": name,
                "beside": where,
            }
        return gettext("%(name)s places a tower.") % {"name": name}
    cell = display[placed.cells[0]]
    if cell.kind is CellKind.HOMETOWN:
        return gettext("%(name)s puts a sheep on a meadow of their hometown.") % {"name": name}
    if cell.kind is CellKind.BONUS:
        return gettext("%(name)s puts a sheep on a meadow of a bonus tile.") % {"name": name}
    return gettext("%(name)s puts a sheep on a meadow of a tile.") % {"name": name}


def _whiskey(event: engine.WhiskeyAdvanced, name: str | None) -> str:
    told = {
        "name": name,
        "steps": event.steps,
        "space": event.new_space,
        "points": engine.WHISKEY_POINTS[event.new_space],
    }
    if name is None:
        return (
            ngettext(
                # Translators: the whiskey barrel track (R5.1); the points are those of the space.
                "Whiskey: your barrel moves %(steps)d space to %(space)d (%(points)d points).",
                "Whiskey: your barrel moves %(steps)d spaces to %(space)d (%(points)d points).",
                event.steps,
            )
            % told
        )
    return (
        ngettext(
            "Whiskey: %(name)s’s barrel moves %(steps)d space to %(space)d (%(points)d points).",
            "Whiskey: %(name)s’s barrel moves %(steps)d spaces to %(space)d (%(points)d points).",
            event.steps,
        )
        % told
    )


def _bog_site(event: engine.BogSiteFormed, name: str | None) -> str:
    told = {"name": name, "count": event.count}
    if name is None:
        return (
            ngettext(
                # Translators: a protected bog site (R5.2) brings bonus tiles.
                "A new protected bog site: you draw a bonus tile.",
                "A new protected bog site: you draw %(count)d bonus tiles.",
                event.count,
            )
            % told
        )
    return (
        ngettext(
            "A new protected bog site: %(name)s draws a bonus tile.",
            "A new protected bog site: %(name)s draws %(count)d bonus tiles.",
            event.count,
        )
        % told
    )


def _sheep_gained(event: engine.SheepGained, name: str | None) -> str:
    whiskey = event.source is engine.SheepSource.WHISKEY
    if name is None:
        if whiskey:
            return gettext("You gain a sheep from whiskey.")
        # Translators: +Sheep is the symbol on a tile that brings a sheep (R1).
        return gettext("You gain a sheep from +Sheep.")
    if whiskey:
        return gettext("%(name)s gains a sheep from whiskey.") % {"name": name}
    return gettext("%(name)s gains a sheep from +Sheep.") % {"name": name}


def _sheep_lost(event: engine.SheepLost, name: str | None) -> str:
    supply = event.reason is engine.SheepLossReason.SUPPLY_EMPTY
    if name is None:
        if supply:
            return gettext("A sheep of yours is lost: supply empty.")
        return gettext("A sheep of yours is lost: no empty meadow.")
    if supply:
        return gettext("A sheep of %(name)s’s is lost: supply empty.") % {"name": name}
    return gettext("A sheep of %(name)s’s is lost: no empty meadow.") % {"name": name}


def _flock(event: engine.FlockMarkerMoved, names: Mapping[int, str] | None) -> str:
    if event.to_seat is None:
        # Translators: the Largest Flock marker (R5.4).
        return gettext("The Largest Flock marker goes back to the supply.")
    if names is None:
        return gettext("You take the Largest Flock marker.")
    return gettext("%(name)s takes the Largest Flock marker.") % {"name": names[event.to_seat]}


def _towers(event: engine.TowersAwarded, name: str | None) -> str:
    told = {"name": name, "count": event.count}
    if name is None:
        return (
            ngettext(
                "Your ruin runs earn a tower.", "Your ruin runs earn %(count)d towers.", event.count
            )
            % told
        )
    return (
        ngettext(
            "%(name)s’s ruin runs earn a tower.",
            "%(name)s’s ruin runs earn %(count)d towers.",
            event.count,
        )
        % told
    )


def _caused(events: Iterable[object], names: Mapping[int, str] | None) -> list[str]:
    """What events caused, in sentences: naming each seat by ``names``, or, with None, speaking
    to the reader about their own seat ("You gain a sheep …")."""

    def name(seat: int) -> str | None:
        return None if names is None else names[seat]

    out: list[str] = []
    for event in events:
        if isinstance(event, engine.WhiskeyAdvanced):
            out.append(_whiskey(event, name(event.seat)))
        elif isinstance(event, engine.BogSiteFormed):
            out.append(_bog_site(event, name(event.seat)))
        elif isinstance(event, engine.SheepGained):
            out.append(_sheep_gained(event, name(event.seat)))
        elif isinstance(event, engine.SheepLost):
            out.append(_sheep_lost(event, name(event.seat)))
        elif isinstance(event, engine.FlockMarkerMoved):
            out.append(_flock(event, names))
        elif isinstance(event, engine.TowersAwarded) and (event.count or event.short):
            out.append(_towers(event, name(event.seat)))
        elif isinstance(event, engine.GameFinished):
            out.append(gettext("The game is over."))
    return out


def tell(step: engine.Step, names: Mapping[int, str]) -> str:
    """One logged move and what it caused, in the third person; ``names`` maps seats to names."""
    if isinstance(step.action, engine.EndRound):
        head = gettext("The round ends: the sheep phase, then the wheel is refilled and turned.")
        if step.state.phase is engine.Phase.TOWERS:
            head = gettext(
                "The last round ends with the sheep phase; the final step, the towers, begins."
            )
        elif step.state.phase is engine.Phase.FINISHED:
            head = gettext("The last round ends with the sheep phase.")
    elif isinstance(step.action, engine.UndoTurn):
        assert step.seat is not None
        who = {"name": names[step.seat]}
        if step.state.phase is engine.Phase.TOWERS:
            head = gettext("%(name)s takes back the towers they placed, to play it again.") % who
        else:
            head = gettext("%(name)s takes back their turn, to play it again.") % who
    else:
        assert step.seat is not None
        head = _placed(step, names[step.seat])
    # Sentences follow one another with a space, in every language the site speaks.
    return " ".join([head, *_caused(step.events, names)])


def tell_preview(
    events: Iterable[object], before: Mapping[Coord, Cell], after: Mapping[Coord, Cell]
) -> tuple[str, ...]:
    """What placing a tile would bring, in sentences for the player trying it: what it causes,
    then a larger filled rectangle and more towers earned, if the county goes from ``before`` to
    ``after``."""
    gains = _caused(events, None)
    area_before, area_after = largest_rectangle(before), largest_rectangle(after)
    if area_after > area_before:
        gains.append(
            gettext("Largest filled rectangle grows from %(before)d to %(after)d.")
            % {"before": area_before, "after": area_after}
        )
    towers_before, towers_after = towers_earned(before), towers_earned(after)
    if towers_after > towers_before:
        gains.append(
            ngettext(
                "Ruin runs now earn a tower at the end (R5.5).",
                "Ruin runs now earn %(count)d towers at the end (R5.5).",
                towers_after,
            )
            % {"count": towers_after}
        )
    return tuple(gains)
