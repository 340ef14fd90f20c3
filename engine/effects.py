"""Landscape effects (R5) as pure functions on a display's cells.

All functions take the ``(x, y) -> Cell`` mapping of a display *after* the placement they judge,
and the coordinates of the newly placed squares where that matters.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engine.catalogue import WHISKEY_SHEEP_SPACES, WHISKEY_TOP
from engine.geometry import NEIGHBOURS
from engine.landscapes import Coord, Landscape
from engine.state import Cell

_GRAIN = Landscape.GRAIN
_DISTILLERY = Landscape.DISTILLERY
_BOG = Landscape.BOG
_RUIN = Landscape.RUIN


def whiskey_steps(cells: Mapping[Coord, Cell], new: Collection[Coord]) -> int:
    """Newly formed adjacent grain–distillery pairs (R5.1): one barrel step each.

    Pairs inside the new squares count once, as do pairs between a new and an old square.

    >>> from engine.state import Cell
    >>> g, d = Cell(Landscape.GRAIN), Cell(Landscape.DISTILLERY)
    >>> whiskey_steps({(0, 0): d, (1, 0): g, (2, 0): d}, [(1, 0)])
    2
    """
    steps = 0
    for x, y in new:
        landscape = cells[(x, y)].landscape
        if landscape is _GRAIN:
            wanted = _DISTILLERY
        elif landscape is _DISTILLERY:
            wanted = _GRAIN
        else:
            continue
        for dx, dy in NEIGHBOURS:
            n = (x + dx, y + dy)
            cell = cells.get(n)
            # A pair of two new squares is counted from its grain side only.
            if (
                cell is not None
                and cell.landscape is wanted
                and (wanted is _DISTILLERY or n not in new)
            ):
                steps += 1
    return steps


def advance_barrel(space: int, steps: int) -> tuple[int, int]:
    """Move a barrel ``steps`` spaces; return the new space and how many sheep spaces it entered.

    Steps beyond space 12 are lost (R1).

    >>> advance_barrel(2, 2), advance_barrel(11, 5)
    ((4, 1), (12, 0))
    """
    new_space = min(space + steps, WHISKEY_TOP)
    entered = sum(1 for s in WHISKEY_SHEEP_SPACES if space < s <= new_space)
    return new_space, entered


def new_bog_sites(cells: Mapping[Coord, Cell], new: Collection[Coord]) -> int:
    """How many protected sites (R5.2) the new squares created where no site was.

    A bog group reaching 2+ squares counts when none of its old squares already formed a site
    (two adjacent old bogs); growing a site or joining two sites creates none.

    >>> from engine.state import Cell
    >>> b = Cell(Landscape.BOG)
    >>> new_bog_sites({(0, 0): b, (1, 0): b}, [(1, 0)])
    1
    >>> new_bog_sites({(0, 0): b, (1, 0): b, (2, 0): b}, [(2, 0)])
    0
    """
    seen: set[Coord] = set()
    sites = 0
    for start in new:
        if start in seen or cells[start].landscape is not _BOG:
            continue
        group = [start]
        seen.add(start)
        old_site = False
        i = 0
        while i < len(group):
            x, y = group[i]
            i += 1
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                cell = cells.get(n)
                if cell is None or cell.landscape is not _BOG:
                    continue
                if (x, y) not in new and n not in new:
                    old_site = True
                if n not in seen:
                    seen.add(n)
                    group.append(n)
        if len(group) >= 2 and not old_site:
            sites += 1
    return sites


def empty_meadows(cells: Mapping[Coord, Cell]) -> int:
    """Meadows without a sheep token (R5.3)."""
    return sum(1 for c in cells.values() if c.landscape is Landscape.MEADOW and not c.sheep)


def largest_flock(cells: Mapping[Coord, Cell]) -> int:
    """Size of the largest edge-connected group of pasture squares (R5.4, R6.2.2).

    Printed pastures and meadows holding a sheep both count.

    >>> from engine.state import Cell
    >>> p, m = Cell(Landscape.PASTURE), Cell(Landscape.MEADOW, sheep=True)
    >>> largest_flock({(0, 0): p, (1, 0): m, (3, 0): p})
    2
    """
    pasture = {xy for xy, c in cells.items() if c.landscape is Landscape.PASTURE or c.sheep}
    best = 0
    while pasture:
        stack = [pasture.pop()]
        size = 0
        while stack:
            x, y = stack.pop()
            size += 1
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                if n in pasture:
                    pasture.remove(n)
                    stack.append(n)
        best = max(best, size)
    return best


def _runs(lines: dict[int, list[int]]) -> int:
    towers = 0
    for positions in lines.values():
        positions.sort()
        run = 0
        previous = None
        for p in positions:
            run = run + 1 if previous is not None and p == previous + 1 else 1
            previous = p
            if run % 3 == 0:
                towers += 1
    return towers


def towers_earned(cells: Mapping[Coord, Cell]) -> int:
    """Towers of R5.5: ``floor(k / 3)`` for each maximal straight run of ``k`` ruins.

    Rows and columns both count, so a ruin can serve one row run and one column run.

    >>> from engine.state import Cell
    >>> r = Cell(Landscape.RUIN)
    >>> towers_earned({(x, 0): r for x in range(7)})
    2
    """
    rows: dict[int, list[int]] = {}
    columns: dict[int, list[int]] = {}
    for (x, y), c in cells.items():
        if c.landscape is _RUIN:
            rows.setdefault(y, []).append(x)
            columns.setdefault(x, []).append(y)
    return _runs(rows) + _runs(columns)
