"""Scoring (R6.2) and the final ranking (R6.3)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

from engine.catalogue import EXPLORATION_POINTS, MARKER_POINTS, WHISKEY_POINTS
from engine.effects import largest_flock
from engine.geometry import AROUND
from engine.landscapes import CellKind, Coord, Landscape
from engine.state import Cell, GameState


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The categories of R6.2, each shown separately, and their total."""

    area: int
    flock: int
    marker: int
    whiskey: int
    stones: int
    exploration: int
    total: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's place in the ranking: equal totals share a rank (R6.3)."""

    seat: int
    rank: int
    total: int


def largest_rectangle(cells: Mapping[Coord, Cell] | Collection[Coord]) -> int:
    """Cells of the largest axis-aligned rectangle whose every cell is occupied (R6.2.1).

    Counted on the display's rows as bit masks (``rectangle_in_rows``): a score is counted for
    every player on every game page drawn. ``largest_rectangle_size`` also tells its sides.

    >>> largest_rectangle({(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (5, 5)})
    4
    """
    return rectangle_in_rows(row_masks(cells), 0)


def row_masks(cells: Mapping[Coord, Cell] | Collection[Coord]) -> list[int]:
    """Each row of the occupied cells as a bit mask, the top row first and bit 0 the leftmost
    column; none for no cells.

    >>> [bin(mask) for mask in row_masks({(3, 1), (4, 1), (4, 2)})]
    ['0b11', '0b10']
    """
    if not cells:
        return []
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    rows = [0] * (max(y for _, y in cells) - min_y + 1)
    for x, y in cells:
        rows[y - min_y] |= 1 << (x - min_x)
    return rows


def largest_rectangle_size(cells: Mapping[Coord, Cell] | Collection[Coord]) -> tuple[int, int]:
    """Width and height of a largest fully occupied axis-aligned rectangle (R6.2.1).

    Counted on the row masks as ``rectangle_in_rows`` counts its area: rows from each top row
    down, their masks ANDed, the longest run of columns full in all of them.

    >>> largest_rectangle_size({(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (5, 5)})
    (2, 2)
    >>> largest_rectangle_size(set())
    (0, 0)
    """
    rows = row_masks(cells)
    count = len(rows)
    best, best_area = (0, 0), 0
    for top in range(count):
        mask = rows[top]
        for bottom in range(top, count):
            mask &= rows[bottom]
            # Lower rows only narrow the mask: stop once even every row left cannot do better.
            if not mask or (count - top) * mask.bit_count() <= best_area:
                break
            height = bottom - top + 1
            width = longest_run(mask)
            if width * height > best_area:
                best, best_area = (width, height), width * height
    return best


def longest_run(mask: int) -> int:
    """Length of the longest run of set bits.

    >>> longest_run(0b1110111101)
    4
    """
    run = 0
    while mask:
        mask &= mask >> 1
        run += 1
    return run


def rectangle_in_rows(rows: list[int], best: int, low: int = 0, high: int | None = None) -> int:
    """The largest full rectangle of these row masks, if it beats ``best`` (else ``best``).

    Only rectangles reaching some row in ``low..high`` are searched: the caller knows the rest
    cannot beat ``best``.

    >>> rectangle_in_rows([0b0110, 0b1111, 0b1110], 0)
    6
    """
    count = len(rows)
    if high is None:
        high = count - 1
    for top in range(high + 1):
        mask = rows[top]
        if not mask or (count - top) * mask.bit_count() <= best:
            continue
        for bottom in range(top, count):
            mask &= rows[bottom]
            height = bottom - top + 1
            if not mask or (count - top) * mask.bit_count() <= best:
                break
            if bottom < low or height * mask.bit_count() <= best:
                continue
            area = height * longest_run(mask)
            if area > best:
                best = area
    return best


def hometown_surroundings(cells: Mapping[Coord, Cell]) -> set[Coord]:
    """The cells around the hometown (R6.2.6): the 8 neighbours of each hometown cell that are
    not hometown cells themselves, occupied or not.

    >>> from engine.state import hometown_display
    >>> ring = hometown_surroundings(hometown_display(0).cells)
    >>> len(ring) > 9, any(xy in hometown_display(0) for xy in ring)
    (True, False)
    """
    return set(_around_hometown(cells))


def _around_hometown(cells: Mapping[Coord, Cell]) -> Iterator[Coord]:
    """Each cell around the hometown, lazily (some more than once), so a check can stop early."""
    for (x, y), cell in cells.items():
        if cell.kind is CellKind.HOMETOWN:
            for dx, dy in AROUND:
                n = (x + dx, y + dy)
                near = cells.get(n)
                if near is None or near.kind is not CellKind.HOMETOWN:
                    yield n


def explored(cells: Mapping[Coord, Cell]) -> bool:
    """R6.2.6: every cell around the hometown, diagonals included, is occupied.

    A display without hometown cells (possible only in tests) has explored nothing.
    """
    ring = _around_hometown(cells)
    first = next(ring, None)
    return first is not None and first in cells and all(xy in cells for xy in ring)


@dataclass(frozen=True, slots=True)
class CountyPoints:
    """What a display alone scores (R6.2.1, R6.2.2, R6.2.5, R6.2.6): the same for equal
    displays, whoever holds the marker and wherever the barrel stands."""

    area: int
    flock: int
    stones: int
    exploration: int


def county_points(cells: Mapping[Coord, Cell]) -> CountyPoints:
    """What ``cells`` (a display) score on their own.

    >>> from engine.state import hometown_display
    >>> county_points(hometown_display(0).cells).exploration
    0
    """
    return CountyPoints(
        largest_rectangle(cells),
        largest_flock(cells),
        sum(c.value for c in cells.values() if c.landscape is Landscape.STONE),
        EXPLORATION_POINTS if explored(cells) else 0,
    )


def scored(county: CountyPoints, marker: bool, barrel: int) -> ScoreBreakdown:
    """A seat's score (R6.2) from what its display scores, whether it holds the marker and
    where its barrel stands (:func:`score`, for a caller that knows its county's points)."""
    whiskey = WHISKEY_POINTS[barrel]
    points = MARKER_POINTS if marker else 0
    total = county.area + county.flock + points + whiskey + county.stones + county.exploration
    return ScoreBreakdown(
        county.area, county.flock, points, whiskey, county.stones, county.exploration, total
    )


def score(state: GameState, seat: int) -> ScoreBreakdown:
    """The seat's score as it would stand now (R6.2).

    >>> from engine.rules import new_game
    >>> b = score(new_game(1, 2), 0)
    >>> b.whiskey, b.marker, b.total == b.area + b.flock + b.stones + b.exploration
    (0, 0, True)
    """
    s = state.seats[seat]
    return scored(county_points(s.display.cells), state.marker == seat, s.barrel)


def shared_ranks(totals: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Competition ranks for these totals: equal totals share a rank, the next one skips.

    >>> shared_ranks([30, 41, 30, 12])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in totals if other > t) for t in totals)


def final_ranking(state: GameState) -> tuple[Standing, ...]:
    """Every seat with its rank and total, best first (ties by seat), as things stand (R6.3)."""
    totals = [score(state, i).total for i in range(state.players)]
    ranks = shared_ranks(totals)
    return tuple(
        sorted(
            (Standing(i, ranks[i], totals[i]) for i in range(state.players)),
            key=lambda st: (st.rank, st.seat),
        )
    )
