"""Display geometry (R3): orientations of pieces, adjacency and legal placements.

Orientation convention: the eight transforms are numbered ``4 * m + r``: mirror first when ``m``
is 1 (``x`` becomes ``-x``), then turn ``r`` quarter turns clockwise (``(x, y)`` becomes
``(-y, x)``, since ``y`` grows downwards). Each result is *normalised*: shifted so that its
smallest ``x`` and smallest ``y`` are 0. A piece's distinct orientations are the distinct
normalised results (landscapes included), in transform order; symmetric pieces have fewer than 8.

Placement convention: placing orientation ``o`` at ``(x, y)`` puts the square at offset
``(dx, dy)`` of that orientation on cell ``(x + dx, y + dy)``; ``(x, y)`` is where the corner of
the orientation's bounding box lands (which need not be a square of the piece).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from engine.landscapes import Coord, Square

NEIGHBOURS: tuple[Coord, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND: tuple[Coord, ...] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
)


@dataclass(frozen=True, slots=True)
class Orientation:
    """One distinct orientation of a piece.

    ``squares`` keep the piece's own square order (so square ``i`` is always the same printed
    square), with offsets normalised to a bounding box at (0, 0). ``rotated`` and ``mirrored``
    are the indices of the orientations reached by a quarter turn clockwise and by a mirror.
    """

    index: int
    transform: int
    squares: tuple[Square, ...]
    cells: tuple[Coord, ...]
    rotated: int
    mirrored: int


def _transform(squares: tuple[Square, ...], transform: int) -> tuple[Square, ...]:
    mirror, turns = divmod(transform, 4)
    out = []
    for s in squares:
        x, y = (-s.x if mirror else s.x), s.y
        for _ in range(turns):
            x, y = -y, x
        out.append(Square(x, y, s.landscape, s.value))
    min_x = min(s.x for s in out)
    min_y = min(s.y for s in out)
    return tuple(Square(s.x - min_x, s.y - min_y, s.landscape, s.value) for s in out)


def _key(squares: tuple[Square, ...]) -> tuple[tuple[int, int, str, int], ...]:
    return tuple(sorted((s.x, s.y, s.landscape.value, s.value) for s in squares))


def canonical_form(squares: tuple[Square, ...]) -> tuple[tuple[int, int, str, int], ...]:
    """A key equal for two pieces exactly when one is a rotation or mirror image of the other.

    >>> from engine.landscapes import parse_picture
    >>> canonical_form(parse_picture("MG")) == canonical_form(parse_picture("G/M"))
    True
    """
    return min(_key(_transform(squares, t)) for t in range(8))


def compute_orientations(squares: tuple[Square, ...]) -> tuple[Orientation, ...]:
    """The distinct orientations of a piece, in transform order (see the module docstring).

    >>> from engine.landscapes import parse_picture
    >>> [len(compute_orientations(parse_picture(p))) for p in ("MM", "MG", "MM/M.", "M", "MG/D.")]
    [2, 4, 4, 1, 8]
    """
    by_key: dict[tuple[tuple[int, int, str, int], ...], int] = {}
    transform_to_index: list[int] = []
    found: list[tuple[int, tuple[Square, ...]]] = []
    for t in range(8):
        moved = _transform(squares, t)
        key = _key(moved)
        if key not in by_key:
            by_key[key] = len(found)
            found.append((t, moved))
        transform_to_index.append(by_key[key])

    def rotated(t: int) -> int:
        mirror, turns = divmod(t, 4)
        return transform_to_index[4 * mirror + (turns + 1) % 4]

    def mirrored(t: int) -> int:
        # Mirroring after r clockwise turns equals mirroring first and turning r times the
        # other way round.
        mirror, turns = divmod(t, 4)
        return transform_to_index[4 * (1 - mirror) + (-turns) % 4]

    return tuple(
        Orientation(
            index=i,
            transform=t,
            squares=moved,
            cells=tuple((s.x, s.y) for s in moved),
            rotated=rotated(t),
            mirrored=mirrored(t),
        )
        for i, (t, moved) in enumerate(found)
    )


def is_connected(cells: Iterable[Coord]) -> bool:
    """True when the cells form one edge-connected group (R3 adjacency).

    >>> is_connected([(0, 0), (1, 0)]), is_connected([(0, 0), (1, 1)]), is_connected([])
    (True, False, True)
    """
    return len(connected_groups(cells)) <= 1


def connected_groups(cells: Iterable[Coord]) -> list[set[Coord]]:
    """The edge-connected groups of these cells (R3 adjacency), in the order their first cells
    come.

    >>> [sorted(g) for g in connected_groups([(0, 0), (1, 0), (3, 0), (3, 1)])]
    [[(0, 0), (1, 0)], [(3, 0), (3, 1)]]
    """
    ordered = list(cells)
    remaining = set(ordered)
    groups: list[set[Coord]] = []
    for start in ordered:
        if start not in remaining:
            continue
        remaining.remove(start)
        group = {start}
        stack = [start]
        while stack:
            x, y = stack.pop()
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                if n in remaining:
                    remaining.remove(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


def frontier(occupied: Collection[Coord]) -> set[Coord]:
    """The empty cells adjacent to an occupied cell: where a 1×1 piece may go (R3).

    >>> sorted(frontier({(0, 0)}))
    [(-1, 0), (0, -1), (0, 1), (1, 0)]
    """
    out = {(x + 1, y) for x, y in occupied}
    out.update((x - 1, y) for x, y in occupied)
    out.update((x, y + 1) for x, y in occupied)
    out.update((x, y - 1) for x, y in occupied)
    out.difference_update(occupied)
    return out


class Fitting:
    """Where pieces fit in one display (R3): every corner ``(x, y)`` a piece's cells may go at,
    all of them empty and one next to the display.

    The display is held as one bit mask, a column of ``height`` bits for each ``x``, with
    ``reach`` empty cells or more around it: a shape's cells then rule out or let in every
    corner at once, by shifting the mask, instead of a corner at a time. ``reach`` is the
    largest offset of a square in the pieces to fit (a piece's longest side, less one).

    >>> fitting = Fitting({(0, 0)}, reach=1)
    >>> fitting.anchors(((0, 0), (1, 0)))
    [(-2, 0), (-1, -1), (-1, 1), (0, -1), (0, 1), (1, 0)]
    >>> fitting.anchors(((0, 0),)) == sorted(frontier({(0, 0)}))
    True
    """

    __slots__ = ("_edge", "_height", "_occupied", "_x0", "_y0")

    def __init__(self, occupied: Collection[Coord], reach: int) -> None:
        pad = reach + 1  # every corner of a piece touching the display lies inside the box
        xs, ys = [x for x, _ in occupied] or [0], [y for _, y in occupied] or [0]
        self._x0, self._y0 = min(xs) - pad, min(ys) - pad
        self._height = height = max(ys) - self._y0 + pad + 1
        mask = 0
        for x, y in occupied:
            mask |= 1 << ((x - self._x0) * height + y - self._y0)
        self._occupied = mask
        # The frontier: a neighbour up, down, left or right is one bit or one column away.
        self._edge = ((mask << 1) | (mask >> 1) | (mask << height) | (mask >> height)) & ~mask

    def anchors(self, cells: Iterable[Coord]) -> list[Coord]:
        """Every ``(x, y)`` where a shape with these cells (offsets of at most ``reach``) may go,
        sorted."""
        height = self._height
        overlaps = touches = 0
        for dx, dy in cells:
            shift = dx * height + dy
            overlaps |= self._occupied >> shift
            touches |= self._edge >> shift
        fits = touches & ~overlaps
        out = []
        while fits:
            lowest = fits & -fits
            at = lowest.bit_length() - 1
            out.append((self._x0 + at // height, self._y0 + at % height))
            fits ^= lowest
        return out


def placement_problem(
    occupied: Collection[Coord], cells: Iterable[Coord]
) -> tuple[str, Coord | None] | None:
    """Why a placement on these cells is illegal under R3, or None when it is legal.

    Returns ``("overlap", cell)`` for the first occupied cell or ``("detached", None)``.

    >>> placement_problem({(0, 0)}, [(0, 1)]) is None
    True
    >>> placement_problem({(0, 0)}, [(0, 0)]), placement_problem({(0, 0)}, [(2, 2)])
    (('overlap', (0, 0)), ('detached', None))
    """
    cells = list(cells)
    for cell in cells:
        if cell in occupied:
            return ("overlap", cell)
    for x, y in cells:
        for dx, dy in NEIGHBOURS:
            if (x + dx, y + dy) in occupied:
                return None
    return ("detached", None)
