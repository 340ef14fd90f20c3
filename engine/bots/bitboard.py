"""One seat's display analysed once per decision, so that hundreds of placements are judged fast.

A bot must look at every placement of both tiles of its area (often 500 to 1,000) and may not
``apply`` each one within its time budget. :class:`Bitboard` keeps the display as row bit masks
plus its pasture and bog groups, and :meth:`Bitboard.quick` tells, without building a new state,
what a placement would change at once: the largest rectangle (exactly), whiskey steps, the
largest flock, bog sites, the hometown's surroundings, and how snugly the piece fits. The bots
then ``apply`` only the few best placements and judge the resulting states in full.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine import (
    BONUS_TILES,
    TILES,
    WHISKEY_POINTS,
    WHISKEY_SHEEP_SPACES,
    Cell,
    Coord,
    GameState,
    Landscape,
    Tile,
)
from engine.geometry import NEIGHBOURS, connected_groups
from engine.scoring import hometown_surroundings

#: Room left around the display in the bit masks: a piece is at most 7 squares long.
MARGIN = 8

_GRAIN = Landscape.GRAIN
_DISTILLERY = Landscape.DISTILLERY
_PASTURE = Landscape.PASTURE
_MEADOW = Landscape.MEADOW
_BOG = Landscape.BOG
_STONE = Landscape.STONE
_TOP = len(WHISKEY_POINTS) - 1

Square = tuple[int, int, Landscape, int]


@dataclass(frozen=True, slots=True)
class Shape:
    """One orientation of a piece, ready to be laid: squares and a bit mask per row."""

    squares: tuple[Square, ...]
    rows: tuple[int, ...]
    sheep: bool
    stones: int


def _shape(squares: tuple[Square, ...], sheep: bool) -> Shape:
    height = max(dy for _, dy, _, _ in squares) + 1
    rows = [0] * height
    for dx, dy, _, _ in squares:
        rows[dy] |= 1 << dx
    stones = sum(v for _, _, land, v in squares if land is _STONE)
    return Shape(squares, tuple(rows), sheep, stones)


def _tile_shapes(tile: Tile) -> tuple[Shape, ...]:
    return tuple(
        _shape(tuple((s.x, s.y, s.landscape, s.value) for s in o.squares), tile.sheep)
        for o in tile.orientations
    )


#: ``TILE_SHAPES[tile_id][orientation]``.
TILE_SHAPES: tuple[tuple[Shape, ...], ...] = tuple(_tile_shapes(t) for t in TILES)
#: ``BONUS_SHAPES[bonus_id]``.
BONUS_SHAPES: tuple[Shape, ...] = tuple(
    _shape(((0, 0, b.landscape, b.value),), False) for b in BONUS_TILES
)


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


@dataclass(frozen=True, slots=True)
class Quick:
    """What one placement would change at once (see :meth:`Bitboard.quick`).

    ``gain`` is the change of the seat's score counting what the placement itself scores
    (rectangle, flock, whiskey, stones, exploration) plus an estimate for the ``sheep`` gained
    and the bonus tiles its new bog ``sites`` draw; the other fields describe the fit for a bot
    that looks further ahead.
    """

    gain: float
    area: int
    flock: int
    steps: int
    contacts: int
    holes: int
    ring: int
    sites: int
    sheep: int


class Bitboard:
    """One seat's display, analysed for fast placement checks."""

    def __init__(self, state: GameState, seat: int, bonus_value: float = 2.0) -> None:
        s = state.seats[seat]
        cells: Mapping[Coord, Cell] = s.display.cells
        self.cells = cells
        self.barrel = s.barrel
        self.sheep_supply = state.sheep_supply
        self.stack = len(state.bonus_stack)
        self.bonus_value = bonus_value
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        self.x0 = min(xs) - MARGIN
        self.y0 = min(ys) - MARGIN
        self.rows = [0] * (max(ys) - min(ys) + 1 + 2 * MARGIN)
        for x, y in cells:
            self.rows[y - self.y0] |= 1 << (x - self.x0)
        self.first = MARGIN
        self.last = MARGIN + max(ys) - min(ys)
        self.area = rectangle_in_rows(self.rows[self.first : self.last + 1], 0)
        self.pasture, self.pasture_sizes = _groups(cells, lambda c: c.is_pasture)
        self.flock = max(self.pasture_sizes, default=0)
        self.bogs, self.bog_sizes = _groups(cells, lambda c: c.landscape is _BOG)
        self.empty_meadows = sum(1 for c in cells.values() if c.is_empty_meadow)
        self.ring_empty = {xy for xy in hometown_surroundings(cells) if xy not in cells}
        rows = self.rows
        # Per row, the cells with an occupied edge neighbour.
        self.touch = [
            (rows[r - 1] if r else 0)
            | (rows[r + 1] if r + 1 < len(rows) else 0)
            | (rows[r] << 1)
            | (rows[r] >> 1)
            for r in range(len(rows))
        ]

    def touching(self, shape: Shape, x: int, y: int) -> int:
        """How many of the shape's squares would touch the display: a rough fit, very fast.

        >>> from engine import new_game
        >>> bits = Bitboard(new_game(1, 2), 0)
        >>> single = BONUS_SHAPES[0]
        >>> [bits.touching(single, x, y) for x, y in ((-1, 2), (-2, 2))]
        [1, 0]
        """
        top = y - self.y0
        shift = x - self.x0
        touch = self.touch
        return sum(
            ((mask << shift) & touch[top + i]).bit_count() for i, mask in enumerate(shape.rows)
        )

    def quick(self, shape: Shape, x: int, y: int) -> Quick:
        """Judge laying ``shape`` with its bounding box at ``(x, y)`` (a legal placement)."""
        cells = self.cells
        new = {(x + dx, y + dy): (land, value) for dx, dy, land, value in shape.squares}
        # Rectangle: only row spans that reach the new rows can beat the old best.
        rows = self.rows
        top = y - self.y0
        shift = x - self.x0
        changed = rows[top : top + len(shape.rows)]
        for i, mask in enumerate(shape.rows):
            rows[top + i] |= mask << shift
        first = min(self.first, top)
        last = max(self.last, top + len(shape.rows) - 1)
        area = rectangle_in_rows(
            rows[first : last + 1], self.area, top - first, top + len(shape.rows) - 1 - first
        )
        rows[top : top + len(shape.rows)] = changed
        steps = 0
        contacts = 0
        pasture_new: list[Coord] = []
        bog_new: list[Coord] = []
        meadows = self.empty_meadows
        for (cx, cy), (land, _) in new.items():
            for dx, dy in NEIGHBOURS:
                n = (cx + dx, cy + dy)
                old = cells.get(n)
                if old is not None:
                    contacts += 1
                    other = old.landscape
                elif n in new:
                    other = new[n][0]
                    # a pair of two new squares is counted from its grain side only
                    if land is _DISTILLERY:
                        continue
                else:
                    continue
                if (land is _GRAIN and other is _DISTILLERY) or (
                    land is _DISTILLERY and other is _GRAIN
                ):
                    steps += 1
            if land is _PASTURE:
                pasture_new.append((cx, cy))
            elif land is _BOG:
                bog_new.append((cx, cy))
            elif land is _MEADOW:
                meadows += 1
        holes = 0
        for cx, cy in new:
            for dx, dy in NEIGHBOURS:
                n = (cx + dx, cy + dy)
                if n in cells or n in new:
                    continue
                nx, ny = n
                if all(
                    (nx + ex, ny + ey) in cells or (nx + ex, ny + ey) in new
                    for ex, ey in NEIGHBOURS
                ):
                    holes += 1
        flock = self.flock
        if pasture_new:
            flock = max(flock, _joined(pasture_new, self.pasture, self.pasture_sizes))
        sites = 0
        if bog_new:
            sites = _new_sites(bog_new, self.bogs, self.bog_sizes)
        barrel = min(self.barrel + steps, _TOP)
        sheep = sum(1 for space in WHISKEY_SHEEP_SPACES if self.barrel < space <= barrel)
        sheep += shape.sheep
        sheep = min(sheep, self.sheep_supply, meadows)
        ring = sum(1 for xy in new if xy in self.ring_empty)
        explored = 5 if self.ring_empty and ring == len(self.ring_empty) else 0
        gain = (
            area
            - self.area
            + flock
            - self.flock
            + WHISKEY_POINTS[barrel]
            - WHISKEY_POINTS[self.barrel]
            + shape.stones
            + explored
            + 0.8 * sheep
            + self.bonus_value * min(sites, self.stack)
        )
        return Quick(gain, area, flock, steps, contacts, holes, ring, sites, sheep)


def _groups(
    cells: Mapping[Coord, Cell], member: Callable[[Cell], bool]
) -> tuple[dict[Coord, int], list[int]]:
    """Edge-connected groups of the cells ``member`` accepts: a label per cell and the sizes."""
    groups = connected_groups(xy for xy, c in cells.items() if member(c))
    label = {xy: i for i, group in enumerate(groups) for xy in group}
    return label, [len(group) for group in groups]


def _clusters(new: list[Coord], label: dict[Coord, int]) -> list[tuple[int, set[int]]]:
    """The new squares joined into clusters (through each other or old groups).

    Each cluster: how many new squares it has, and the old groups it swallows.
    """
    members = set(new)
    seen: set[Coord] = set()
    out: list[tuple[int, set[int]]] = []
    # old group -> new squares touching it, so clusters also join through an old group
    touching: dict[int, list[Coord]] = {}
    for x, y in new:
        for dx, dy in NEIGHBOURS:
            group = label.get((x + dx, y + dy))
            if group is not None:
                touching.setdefault(group, []).append((x, y))
    for start in new:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        count = 0
        groups: set[int] = set()
        while stack:
            x, y = stack.pop()
            count += 1
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                if n in members and n not in seen:
                    seen.add(n)
                    stack.append(n)
                group = label.get(n)
                if group is not None and group not in groups:
                    groups.add(group)
                    for other in touching[group]:
                        if other not in seen:
                            seen.add(other)
                            stack.append(other)
        out.append((count, groups))
    return out


def _joined(new: list[Coord], label: dict[Coord, int], sizes: list[int]) -> int:
    """The largest group the new squares form with the old groups they touch."""
    best = 0
    for count, groups in _clusters(new, label):
        best = max(best, count + sum(sizes[g] for g in groups))
    return best


def _new_sites(new: list[Coord], label: dict[Coord, int], sizes: list[int]) -> int:
    """Protected sites (R5.2) formed where none was: clusters of 2+ bogs without an old site."""
    sites = 0
    for count, groups in _clusters(new, label):
        total = count + sum(sizes[g] for g in groups)
        if total >= 2 and all(sizes[g] < 2 for g in groups):
            sites += 1
    return sites


#: A tower (R6.1) as a piece to lay.
TOWER_SHAPE: Shape = _shape(((0, 0, Landscape.TOWER, 0),), False)
