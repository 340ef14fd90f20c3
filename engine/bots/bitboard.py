"""One seat's display analysed once per decision, so that hundreds of placements are judged fast.

A bot must look at every placement of both tiles of its area (often 500 to 1,000) and may not
``apply`` each one within its time budget. :class:`Bitboard` keeps the display as row bit masks
plus its pasture and bog groups, and :meth:`Bitboard.quick` tells, without building a new state,
what a placement would change at once: the largest rectangle (exactly), whiskey steps, the
largest flock, bog sites, the hometown's surroundings, and how snugly the piece fits. The bots
then ``apply`` only the few best placements and judge the resulting states in full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
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
from engine.scoring import hometown_surroundings, rectangle_in_rows

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
    """One orientation of a piece, ready to be laid: squares and a bit mask per row.

    Besides the rows of all squares it keeps the rows of its grain fields and distilleries,
    the whiskey pairs inside the piece, and where its pastures and bogs lie.
    """

    squares: tuple[Square, ...]
    rows: tuple[int, ...]
    sheep: bool
    stones: int
    grain: tuple[int, ...]
    distillery: tuple[int, ...]
    inner_steps: int
    pastures: tuple[tuple[int, int], ...]
    bogs: tuple[tuple[int, int], ...]
    meadows: int


def _masks(squares: tuple[Square, ...], height: int, land: Landscape | None) -> tuple[int, ...]:
    rows = [0] * height
    for dx, dy, landscape, _ in squares:
        if land is None or landscape is land:
            rows[dy] |= 1 << dx
    return tuple(rows)


def _shape(squares: tuple[Square, ...], sheep: bool) -> Shape:
    height = max(dy for _, dy, _, _ in squares) + 1
    stones = sum(v for _, _, land, v in squares if land is _STONE)
    at = {(dx, dy): land for dx, dy, land, _ in squares}
    inner = sum(
        1
        for (dx, dy), land in at.items()
        if land is _GRAIN
        for ex, ey in NEIGHBOURS
        if at.get((dx + ex, dy + ey)) is _DISTILLERY
    )
    return Shape(
        squares,
        _masks(squares, height, None),
        sheep,
        stones,
        _masks(squares, height, _GRAIN),
        _masks(squares, height, _DISTILLERY),
        inner,
        tuple((dx, dy) for (dx, dy), land in at.items() if land is _PASTURE),
        tuple((dx, dy) for (dx, dy), land in at.items() if land is _BOG),
        sum(1 for land in at.values() if land is _MEADOW),
    )


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
        self.ring_rows = self._rows_of(self.ring_empty)
        self.grain = self._rows_of(xy for xy, c in cells.items() if c.landscape is _GRAIN)
        self.distillery = self._rows_of(xy for xy, c in cells.items() if c.landscape is _DISTILLERY)
        rows = self.rows
        # Per row, the cells with an occupied edge neighbour.
        self.touch = [
            (rows[r - 1] if r else 0)
            | (rows[r + 1] if r + 1 < len(rows) else 0)
            | (rows[r] << 1)
            | (rows[r] >> 1)
            for r in range(len(rows))
        ]

    def _rows_of(self, coords: Iterable[Coord]) -> list[int]:
        """These cells as bit masks, one per row of the board."""
        rows = [0] * len(self.rows)
        for x, y in coords:
            r = y - self.y0
            if 0 <= r < len(rows) and x >= self.x0:
                rows[r] |= 1 << (x - self.x0)
        return rows

    def touching(self, shape: Shape, x: int, y: int) -> int:
        """How many of the shape's squares would touch the display: a rough fit, very fast.

        >>> from engine import new_game
        >>> bits = Bitboard(new_game(1, 2), 0)
        >>> single = BONUS_SHAPES[0]
        >>> [bits.touching(single, x, y) for x, y in ((-1, 2), (-2, 2))]
        [1, 0]
        """
        r = y - self.y0
        shift = x - self.x0
        touch = self.touch
        count = 0
        for mask in shape.rows:
            count += ((mask << shift) & touch[r]).bit_count()
            r += 1
        return count

    def quick(self, shape: Shape, x: int, y: int) -> Quick:
        """Judge laying ``shape`` with its bounding box at ``(x, y)`` (a legal placement)."""
        rows = self.rows
        top = y - self.y0
        shift = x - self.x0
        height = len(shape.rows)
        new = [mask << shift for mask in shape.rows]
        # Rectangle: only row spans that reach the new rows can beat the old best.
        changed = rows[top : top + height]
        for i, mask in enumerate(new):
            rows[top + i] |= mask
        first = min(self.first, top)
        last = max(self.last, top + height - 1)
        area = rectangle_in_rows(
            rows[first : last + 1], self.area, top - first, top + height - 1 - first
        )
        # Holes: empty cells next to the piece that it closes in on all four sides, counted
        # once per square of the piece beside them.
        holes = 0
        for r in range(top - 1, top + height + 1):
            row = rows[r]
            shut = ~row & (row << 1) & (row >> 1) & rows[r - 1] & rows[r + 1]
            if not shut:
                continue
            i = r - top
            if 0 <= i < height:
                holes += (shut & (new[i] << 1)).bit_count() + (shut & (new[i] >> 1)).bit_count()
            if 0 <= i - 1 < height:
                holes += (shut & new[i - 1]).bit_count()
            if 0 <= i + 1 < height:
                holes += (shut & new[i + 1]).bit_count()
        rows[top : top + height] = changed
        # Contacts with the display, and whiskey pairs with its grain fields and distilleries.
        contacts = 0
        steps = shape.inner_steps
        grain = self.grain
        distillery = self.distillery
        for i, mask in enumerate(new):
            r = top + i
            contacts += _beside(mask, rows, r)
            g = shape.grain[i] << shift
            d = shape.distillery[i] << shift
            if g:
                steps += _beside(g, distillery, r)
            if d:
                steps += _beside(d, grain, r)
        flock = self.flock
        if shape.pastures:
            pasture_new = [(x + dx, y + dy) for dx, dy in shape.pastures]
            flock = max(flock, _joined(pasture_new, self.pasture, self.pasture_sizes))
        sites = 0
        if shape.bogs:
            bog_new = [(x + dx, y + dy) for dx, dy in shape.bogs]
            sites = _new_sites(bog_new, self.bogs, self.bog_sizes)
        barrel = min(self.barrel + steps, _TOP)
        sheep = sum(1 for space in WHISKEY_SHEEP_SPACES if self.barrel < space <= barrel)
        sheep += shape.sheep
        sheep = min(sheep, self.sheep_supply, self.empty_meadows + shape.meadows)
        ring_rows = self.ring_rows
        ring = sum((ring_rows[top + i] & mask).bit_count() for i, mask in enumerate(new))
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


def _beside(mask: int, other: list[int], r: int) -> int:
    """How many (square, neighbour) pairs join the squares ``mask`` of row ``r`` to the cells
    of the rows ``other``, edge to edge."""
    return (
        (other[r] & (mask << 1)).bit_count()
        + (other[r] & (mask >> 1)).bit_count()
        + (other[r - 1] & mask).bit_count()
        + (other[r + 1] & mask).bit_count()
    )


def flocks_with_a_sheep(cells: Mapping[Coord, Cell], meadows: Iterable[Coord]) -> list[int]:
    """The largest flock (R5.4) after a sheep on each of these empty meadows, without applying.

    >>> from engine import Cell, Landscape
    >>> p, m = Cell(Landscape.PASTURE), Cell(Landscape.MEADOW)
    >>> flocks_with_a_sheep({(0, 0): p, (1, 0): m, (2, 0): p, (0, 2): m}, [(1, 0), (0, 2)])
    [3, 1]
    """
    label, sizes = _groups(cells, lambda c: c.is_pasture)
    largest = max(sizes, default=0)
    return [max(largest, _joined([xy], label, sizes)) for xy in meadows]


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
    if len(new) == 1:  # a sheep, or a piece with one pasture square
        x, y = new[0]
        touched = {label.get((x + dx, y + dy)) for dx, dy in NEIGHBOURS}
        touched.discard(None)
        return 1 + sum(sizes[g] for g in touched if g is not None)
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
