"""Landscape effects (R5) as pure functions on a display's cells.

All functions take the ``(x, y) -> Cell`` mapping of a display *after* the placement they judge,
and the coordinates of the newly placed squares where that matters.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from engine.catalogue import WHISKEY_SHEEP_SPACES, WHISKEY_TOP
from engine.geometry import NEIGHBOURS, connected_groups
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


def flocks(cells: Mapping[Coord, Cell]) -> list[set[Coord]]:
    """The flocks of a display (R5.4): edge-connected groups of pasture squares.

    Printed pastures and meadows holding a sheep both count.

    >>> from engine.state import Cell
    >>> p, m = Cell(Landscape.PASTURE), Cell(Landscape.MEADOW, sheep=True)
    >>> empty = Cell(Landscape.MEADOW)
    >>> [sorted(f) for f in flocks({(0, 0): p, (1, 0): m, (3, 0): p, (5, 0): empty})]
    [[(0, 0), (1, 0)], [(3, 0)]]
    """
    return connected_groups(xy for xy, c in cells.items() if c.is_pasture)


def largest_flock(cells: Mapping[Coord, Cell]) -> int:
    """Size of the largest flock (R5.4, R6.2.2): one sheep per pasture square.

    >>> from engine.state import Cell
    >>> p, m = Cell(Landscape.PASTURE), Cell(Landscape.MEADOW, sheep=True)
    >>> largest_flock({(0, 0): p, (1, 0): m, (3, 0): p})
    2
    """
    return max((len(g) for g in flocks(cells)), default=0)


@dataclass(frozen=True, slots=True)
class RuinRun:
    """A maximal straight run of ruins (R5.5): its first cell, length, and direction."""

    start: Coord
    length: int
    step: Coord

    @property
    def ends(self) -> tuple[Coord, Coord]:
        """The two cells just beyond the run, where a ruin would lengthen it."""
        (x, y), (dx, dy) = self.start, self.step
        return (x - dx, y - dy), (x + dx * self.length, y + dy * self.length)


def _runs_along(lines: dict[int, list[int]], row: bool) -> list[RuinRun]:
    runs = []
    for line, positions in sorted(lines.items()):
        positions.sort()
        first = 0
        for i, p in enumerate(positions):
            if i + 1 == len(positions) or positions[i + 1] != p + 1:
                begin = positions[first]
                start = (begin, line) if row else (line, begin)
                runs.append(RuinRun(start, i - first + 1, (1, 0) if row else (0, 1)))
                first = i + 1
    return runs


def ruin_runs(cells: Mapping[Coord, Cell]) -> list[RuinRun]:
    """Every maximal straight run of ruins, rows first, then columns; a single ruin is a run
    of 1 in its row and in its column.

    >>> from engine.state import Cell
    >>> r = Cell(Landscape.RUIN)
    >>> [(run.start, run.length) for run in ruin_runs({(0, 0): r, (1, 0): r})]
    [((0, 0), 2), ((0, 0), 1), ((1, 0), 1)]
    """
    rows: dict[int, list[int]] = {}
    columns: dict[int, list[int]] = {}
    for (x, y), c in cells.items():
        if c.landscape is _RUIN:
            rows.setdefault(y, []).append(x)
            columns.setdefault(x, []).append(y)
    return _runs_along(rows, row=True) + _runs_along(columns, row=False)


def towers_earned(cells: Mapping[Coord, Cell]) -> int:
    """Towers of R5.5: ``floor(k / 3)`` for each maximal straight run of ``k`` ruins.

    Rows and columns both count, so a ruin can serve one row run and one column run.

    >>> from engine.state import Cell
    >>> r = Cell(Landscape.RUIN)
    >>> towers_earned({(x, 0): r for x in range(7)})
    2
    """
    return towers_of(ruin_runs(cells))


def towers_of(runs: list[RuinRun]) -> int:
    """The towers these ruin runs earn (R5.5), for a caller that has the runs already."""
    return sum(run.length // 3 for run in runs)
