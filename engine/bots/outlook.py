"""What a display can still become: the judgement behind the ``hard`` and ``expert`` bots.

:class:`Outlook` values a seat's position as its score now plus what the rounds left can still
make of it, each estimate shrinking as the rounds run out:

- **rectangle:** the best rectangle counting its empty cells as a cost, not a loss (holes can
  still be filled early in the game, hardly at the end);
- **flock:** room for the largest flock to grow (empty neighbours, empty meadows for sheep) and
  the chance of holding the Largest Flock marker against the flocks the seat can see;
- **whiskey:** open sides of distilleries and grain fields where a later square makes a pair;
- **ruins:** towers already earned, and unfinished runs that can still grow to three;
- **hometown:** how much of its surroundings is filled (exploration);
- **bogs:** single bogs that can still become a protected site (a bonus tile);
- **shape:** a compact display (few open edges, no 1×1 holes) leaves room for big rectangles.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from engine import (
    WHISKEY_POINTS,
    Cell,
    Coord,
    GameState,
    Landscape,
    Phase,
    score,
)
from engine.effects import RuinRun, flocks, largest_flock, ruin_runs, towers_earned, towers_of
from engine.geometry import NEIGHBOURS
from engine.scoring import hometown_surroundings, row_masks

_TOP = len(WHISKEY_POINTS) - 1
_MARKER = 5  # R6.2.3


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each prospect counts, in points (tuned by seeded games against the greedy bot).

    Prospects that need rounds to come true are scaled by the share of the game still to come.
    """

    #: cost of an empty cell inside the rectangle, on the first and on the last round
    hole_early: float = 0.5
    hole_late: float = 3.0
    rectangle: float = 1.0
    #: per empty cell next to the largest flock (at most ``flock_room_cap``)
    flock_room: float = 0.25
    flock_room_cap: int = 6
    #: per empty meadow next to the largest flock (a sheep's place), at most 3
    meadow_room: float = 0.4
    #: how many sheep of lead make the marker likely, at the end of the game
    marker_spread: float = 1.5
    #: the marker's worth times the chance of holding it
    marker: float = _MARKER
    #: expected barrel steps per empty side of a distillery / of a grain field
    distillery_side: float = 0.35
    grain_side: float = 0.15
    #: per tower earned, and per unfinished ruin run (times its thirds) that can still grow
    tower: float = 2.0
    run: float = 1.2
    #: exploration's worth when the surroundings are almost filled
    ring: float = 4.0
    #: per single bog that may still become a protected site (at most 2)
    bog: float = 0.6
    #: per empty cell enclosed on four sides, and per open edge of the display
    enclosed: float = 1.0
    edge: float = 0.3


def _rows(cells: Mapping[Coord, Cell]) -> tuple[list[int], int]:
    rows = row_masks(cells)
    return rows, max(mask.bit_length() for mask in rows)


def rectangle_prospect(cells: Mapping[Coord, Cell], hole_cost: float) -> float:
    """The best rectangle's filled cells minus ``hole_cost`` per empty cell in it.

    >>> from engine import Cell, Landscape
    >>> m = Cell(Landscape.MEADOW)
    >>> rectangle_prospect({(0, 0): m, (1, 0): m, (0, 1): m}, 0.5)
    2.5
    """
    return _prospect_in_rows(*_rows(cells), hole_cost)


def _prospect_in_rows(rows: list[int], width: int, hole_cost: float) -> float:
    weight = 1.0 + hole_cost
    best = 0.0
    for top in range(len(rows)):
        holes = [0] * width
        for bottom in range(top, len(rows)):
            mask = rows[bottom]
            height = bottom - top + 1
            run = 0.0
            for c in range(width):
                if not (mask >> c) & 1:
                    holes[c] += 1
                value = height - weight * holes[c]
                run = run + value if run > 0 else value
                if run > best:
                    best = run
    return best


def rectangle_with_fillers(cells: Mapping[Coord, Cell], fillers: int) -> int:
    """The largest rectangle within the display's bounding box that has at most ``fillers``
    empty cells (which the towers still to place could fill, R6.1).

    >>> from engine import Cell, Landscape
    >>> m = Cell(Landscape.MEADOW)
    >>> rectangle_with_fillers({(0, 0): m, (1, 0): m, (0, 1): m}, 1)
    4
    >>> rectangle_with_fillers({(0, 0): m, (1, 2): m}, 2)
    3
    """
    rows, width = _rows(cells)
    best = 0
    for top in range(len(rows)):
        holes = [0] * width
        for bottom in range(top, len(rows)):
            mask = rows[bottom]
            # Every row updates the holes of the rows below it, even one that cannot win.
            for c in range(width):
                if not (mask >> c) & 1:
                    holes[c] += 1
            height = bottom - top + 1
            if height * width <= best:
                continue
            left = 0
            inside = 0
            for c in range(width):
                inside += holes[c]
                while inside > fillers:
                    inside -= holes[left]
                    left += 1
                area = height * (c - left + 1)
                if area > best:
                    best = area
    return best


def _partial_runs(runs: list[RuinRun], cells: Mapping[Coord, Cell]) -> float:
    """Unfinished ruin runs that can still grow (an open end), in thirds of a tower."""
    return sum(
        (run.length % 3) / 3
        for run in runs
        if run.length % 3 and any(end not in cells for end in run.ends)
    )


def _enclosed(rows: list[int]) -> int:
    """Empty cells whose four neighbours are all occupied: only a 1×1 piece can fill them."""
    return sum(
        (~row & (row << 1) & (row >> 1) & above & below).bit_count()
        for above, row, below in zip(rows, rows[1:], rows[2:], strict=False)
    )


def _open_edges(rows: list[int]) -> int:
    """Sides of occupied cells that face an empty cell."""
    edges = 0
    above = 0
    for i, row in enumerate(rows):
        below = rows[i + 1] if i + 1 < len(rows) else 0
        edges += (
            (row & ~(row << 1)).bit_count()
            + (row & ~(row >> 1)).bit_count()
            + (row & ~above).bit_count()
            + (row & ~below).bit_count()
        )
        above = row
    return edges


def _single_bogs(cells: Mapping[Coord, Cell]) -> int:
    """Bogs with no bog beside them and a free side: each may still become a protected site."""
    count = 0
    for (x, y), c in cells.items():
        if c.landscape is not Landscape.BOG:
            continue
        near = [cells.get((x + dx, y + dy)) for dx, dy in NEIGHBOURS]
        if all(n is None or n.landscape is not Landscape.BOG for n in near) and None in near:
            count += 1
    return count


class Outlook:
    """Values positions of one seat, with what the seat saw when the decision began."""

    def __init__(self, state: GameState, seat: int, weights: Weights) -> None:
        self.seat = seat
        self.weights = weights
        self.rivals = max(
            (largest_flock(s.display.cells) for i, s in enumerate(state.seats) if i != seat),
            default=0,
        )
        self.marker = state.marker
        # The hometown never moves, so the cells around it are the same in every position.
        self.ring = hometown_surroundings(state.seats[seat].display.cells)

    def value(self, state: GameState) -> float:
        """The seat's score now plus the prospects of its display (see the module docstring)."""
        w = self.weights
        s = state.seats[self.seat]
        cells = s.display.cells
        now = score(state, self.seat)
        if state.phase is not Phase.PLAYING:
            # The tower step: only the score counts, and where the towers still to come fit.
            fillers = s.towers_pending
            area = rectangle_with_fillers(cells, fillers) if fillers else now.area
            return now.total + 0.5 * (area - now.area)
        left = state.rounds_total - state.round
        share = left / max(1, state.rounds_total - 1)
        hole_cost = w.hole_late + (w.hole_early - w.hole_late) * share
        rows, width = _rows(cells)
        prospects = (
            w.rectangle * (_prospect_in_rows(rows, width, hole_cost) - now.area)
            + self._flock(cells, now.flock, share)
            + self._whiskey(cells, s.barrel, share)
            + self._ruins_and_bogs(cells, share, bool(state.bonus_stack))
            + (0.0 if now.exploration else self._surroundings(cells, share))
            - w.enclosed * _enclosed(rows)
            - w.edge * (0.25 + share) * _open_edges(rows)
        )
        return now.total - now.marker + prospects

    def final(self, state: GameState) -> float:
        """After the seat's last tile: the score it ends with once the towers its ruins earn
        (R5.5) fill the holes they can (R6.1), with the marker's chance against the rivals."""
        cells = state.seats[self.seat].display.cells
        now = score(state, self.seat)
        towers = towers_earned(cells)
        area = rectangle_with_fillers(cells, towers) if towers else now.area
        return now.total - now.marker + self._flock(cells, now.flock, 0.0) + area - now.area

    def _flock(self, cells: Mapping[Coord, Cell], flock: int, share: float) -> float:
        return share * self._room(cells) + self.weights.marker * self._marker_chance(flock, share)

    def _room(self, cells: Mapping[Coord, Cell]) -> float:
        """Room for the largest flock to grow: empty cells and empty meadows beside it."""
        w = self.weights
        groups = flocks(cells)
        if not groups:
            return 0.0
        biggest = max(groups, key=len)
        around = {(x + dx, y + dy) for x, y in biggest for dx, dy in NEIGHBOURS}.difference(biggest)
        free = sum(1 for xy in around if xy not in cells)
        meadows = sum(1 for xy in around if xy in cells and cells[xy].is_empty_meadow)
        return w.flock_room * min(free, w.flock_room_cap) + w.meadow_room * min(meadows, 3)

    def _marker_chance(self, flock: int, share: float) -> float:
        """The chance of holding the Largest Flock marker at the end, against the rivals."""
        if not flock:
            return 0.0
        lead = flock - self.rivals + (0.5 if self.marker == self.seat else -0.5)
        spread = self.weights.marker_spread * (1.0 + 3.0 * share)
        return 1.0 / (1.0 + math.exp(-lead / spread))

    def _whiskey(self, cells: Mapping[Coord, Cell], barrel: int, share: float) -> float:
        if barrel >= _TOP:
            return 0.0
        w = self.weights
        open_sides = 0.0
        for (x, y), c in cells.items():
            if c.landscape is Landscape.DISTILLERY:
                side = w.distillery_side
            elif c.landscape is Landscape.GRAIN:
                side = w.grain_side
            else:
                continue
            open_sides += side * sum(1 for dx, dy in NEIGHBOURS if (x + dx, y + dy) not in cells)
        steps = min(open_sides, _TOP - barrel)
        ahead = min(_TOP, barrel + max(1, round(steps)))
        per_step = (WHISKEY_POINTS[ahead] - WHISKEY_POINTS[barrel]) / max(1, ahead - barrel)
        return share * steps * per_step

    def _ruins_and_bogs(self, cells: Mapping[Coord, Cell], share: float, stack: bool) -> float:
        w = self.weights
        single_bogs = _single_bogs(cells) if stack else 0
        runs = ruin_runs(cells)
        return (
            w.tower * towers_of(runs)
            + share * w.run * _partial_runs(runs, cells)
            + share * w.bog * min(single_bogs, 2)
        )

    def _surroundings(self, cells: Mapping[Coord, Cell], share: float) -> float:
        ring = self.ring
        if not ring:  # a display without a hometown (built by a test)
            return 0.0
        filled = sum(1 for xy in ring if xy in cells)
        missing = len(ring) - filled
        hope = (filled / len(ring)) ** 2
        if missing > 2 * (1 + share * 10):
            hope *= 0.5
        return self.weights.ring * hope * (0.3 + 0.7 * share)
