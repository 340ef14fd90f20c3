"""The components of R1 as data, validated once at import.

Tiles and hometowns are written as pictures (see :mod:`engine.landscapes`); a leading ``+`` marks
a tile carrying the +Sheep symbol. Tile ``i`` of ``TILE_PICTURES`` is the tile with id ``i``.
Hometown layouts ``2k`` and ``2k + 1`` are the two sides of hometown ``k`` (coat of arms ``k``);
a hometown lies in its owner's display with its picture's own coordinates, top-left at (0, 0).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.geometry import (
    AROUND,
    NEIGHBOURS,
    Orientation,
    canonical_form,
    compute_orientations,
    is_connected,
)
from engine.landscapes import Landscape, Square, draw_picture, parse_picture

# fmt: off
TILE_PICTURES: tuple[str, ...] = (
    # 2 squares
    "1M", "+MM", "DD", "DG", "GP", "B1",
    # 3 squares
    "2BG", "+MMR", "GDG", "PPP", "MGD", "DG/G.", "DG/D.", "+4M/P.", "33/M.", "+MM/M.", "MM/R.",
    "M2/B.",
    # 4 squares
    "MMMB", "+PPMM", "GGGG", "PR/RR", "+MM/PM", "+MM/MR", "PDG/.G.", "DGD/.G.", "PPP/.1.",
    "RRP/.R.", ".GD/DG.", ".BB/MB.", ".BP/MM.", "+.MM/MM.", "3MM/4..", "GDG/R..", "BBG/B..",
    "PMR/P..",
    # 5 squares
    "RRRBP", "R24/R../P..", "MB/PP/P.", "BBM/B.M", "+.M./MMP/.M.", "1BB/.B./.1.", "12./.MM/..M",
    "PPPP/M...", "+PPMM/.P..", "GD../.GGG", ".BB/3P./.P.", "RR./.R./.RB", "GG/GD/.R",
    "PBB/..M/..M",
    # 6 squares
    "1GG/2DG", "PPP1/P..M", "+MMM./..PP/...2", ".B../BBPP/.M..", "MMDG/.MG.", "+B.../MMMM/...B",
    "MM../.RR./..RR",
    # 7 squares
    "+BPP/.M./MMM", ".R./PPP/.P./.PP", "+R.P/RRM/R.M",
)

HOMETOWN_PICTURES: tuple[str, ...] = (
    "PTT./DTTB/.M.G", "..D./PTT./.TTB/.M.G",
    ".BDP/GTTM/.TT.", "MD./.TT/GTT/.PB",
    "..TT/..TT/.PGM/DB..", "P..M/DTTG/.TTB",
    ".G../MTT./PTTD/...B", ".PB./TT../TTMD/.G..",
    "..GM/.TT./BTT./P.D.", "...B/.TTP/.TT./GMD.",
)
# fmt: on

#: Points of whiskey spaces 0..12 (R1).
WHISKEY_POINTS: tuple[int, ...] = (0, 1, 2, 4, 6, 8, 10, 12, 15, 18, 21, 24, 28)
#: Whiskey spaces whose entry grants one sheep (R1).
WHISKEY_SHEEP_SPACES: frozenset[int] = frozenset({3, 6, 9})
WHISKEY_TOP = len(WHISKEY_POINTS) - 1

SHEEP_SUPPLY = 24
TOWER_SUPPLY = 12
MARKER_POINTS = 5
EXPLORATION_POINTS = 5
AREAS = 5
SLOTS_PER_AREA = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 5


def rounds_for(players: int) -> int:
    """Number of rounds for a player count (R2.2).

    >>> rounds_for(4), rounds_for(5)
    (12, 10)
    """
    return 10 if players == 5 else 12


@dataclass(frozen=True, slots=True)
class Tile:
    """A landscape tile of the bag: its squares, the +Sheep symbol and its orientations."""

    id: int
    picture: str
    squares: tuple[Square, ...]
    sheep: bool
    orientations: tuple[Orientation, ...] = field(compare=False, repr=False)

    @property
    def size(self) -> int:
        """Number of squares."""
        return len(self.squares)

    @property
    def landscapes(self) -> frozenset[Landscape]:
        """The landscapes the tile shows."""
        return frozenset(s.landscape for s in self.squares)


@dataclass(frozen=True, slots=True)
class BonusTile:
    """A 1×1 bonus tile (R1), drawn from the face-down stack by bog sites (R5.2)."""

    id: int
    landscape: Landscape
    value: int = 0

    @property
    def orientations(self) -> tuple[Orientation, ...]:
        """A 1×1 piece has a single orientation."""
        return _SINGLE


@dataclass(frozen=True, slots=True)
class Hometown:
    """One side of a hometown: layout ``id`` is side ``id % 2`` of hometown ``id // 2``."""

    id: int
    picture: str
    squares: tuple[Square, ...]

    @property
    def arms(self) -> int:
        """The coat of arms this hometown carries (R1)."""
        return self.id // 2

    @property
    def side(self) -> int:
        """Which side of the hometown board is up."""
        return self.id % 2


_SINGLE = compute_orientations((Square(0, 0, Landscape.TOWER),))


def _tile(tile_id: int, picture: str) -> Tile:
    sheep = picture.startswith("+")
    squares = parse_picture(picture.removeprefix("+"))
    return Tile(tile_id, picture.removeprefix("+"), squares, sheep, compute_orientations(squares))


TILES: tuple[Tile, ...] = tuple(_tile(i, p) for i, p in enumerate(TILE_PICTURES))
HOMETOWNS: tuple[Hometown, ...] = tuple(
    Hometown(i, p, parse_picture(p)) for i, p in enumerate(HOMETOWN_PICTURES)
)
_BONUS_MIX = (
    (Landscape.MEADOW, 0, 2),
    (Landscape.PASTURE, 0, 3),
    (Landscape.GRAIN, 0, 2),
    (Landscape.DISTILLERY, 0, 2),
    (Landscape.RUIN, 0, 1),
    (Landscape.STONE, 2, 1),
    (Landscape.STONE, 3, 1),
)
BONUS_TILES: tuple[BonusTile, ...] = tuple(
    BonusTile(i, landscape, value)
    for i, (landscape, value) in enumerate(
        (landscape, value) for landscape, value, count in _BONUS_MIX for _ in range(count)
    )
)


class CatalogueError(ValueError):
    """The component data breaks a number or property of R1."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise CatalogueError(message)


def validate_catalogue(
    tiles: tuple[Tile, ...] = TILES,
    hometowns: tuple[Hometown, ...] = HOMETOWNS,
    bonus_tiles: tuple[BonusTile, ...] = BONUS_TILES,
) -> None:
    """Check the component data against R1; raise :class:`CatalogueError` on the first miss.

    >>> validate_catalogue()
    """
    _check(len(tiles) == 60, f"{len(tiles)} tiles, R1 has 60")
    forms = set()
    for i, t in enumerate(tiles):
        _check(t.id == i, f"tile {t.id} is out of place")
        _check(1 <= len(t.landscapes) <= 3, f"tile {t.id} shows {len(t.landscapes)} landscapes")
        _check(is_connected((s.x, s.y) for s in t.squares), f"tile {t.id} is not connected")
        _check(draw_picture(t.squares) == t.picture, f"tile {t.id} picture is not normalised")
        forms.add(canonical_form(t.squares))
    _check(len(forms) == len(tiles), "two tiles are equal up to rotation and mirroring")
    sizes = Counter(t.size for t in tiles)
    _check(sizes == {2: 6, 3: 12, 4: 18, 5: 14, 6: 7, 7: 3}, f"tile sizes {sorted(sizes.items())}")
    squares = [s for t in tiles for s in t.squares]
    counts = Counter(s.landscape for s in squares)
    expected = {
        Landscape.MEADOW: 70,
        Landscape.PASTURE: 50,
        Landscape.GRAIN: 34,
        Landscape.DISTILLERY: 18,
        Landscape.RUIN: 30,
        Landscape.BOG: 30,
        Landscape.STONE: 21,
    }
    _check(counts == expected, f"tile landscapes {dict(counts)}")
    stones = Counter(s.value for s in squares if s.landscape is Landscape.STONE)
    _check(stones == {1: 8, 2: 6, 3: 4, 4: 3}, f"stone values {dict(stones)}")
    _check(sum(t.sheep for t in tiles) == 14, "R1 has 14 tiles with +Sheep")

    _check(len(hometowns) == 10, "R1 has 10 hometown layouts")
    layouts = set()
    for h in hometowns:
        cells = {(s.x, s.y): s.landscape for s in h.squares}
        _check(len(cells) == 9 and is_connected(cells), f"hometown {h.id}: 9 connected squares")
        width = max(x for x, _ in cells) + 1
        height = max(y for _, y in cells) + 1
        _check((width, height) != (3, 3), f"hometown {h.id} is a 3×3 block")
        kinds = Counter(cells.values())
        _check(
            kinds
            == {
                Landscape.TOWN: 4,
                Landscape.MEADOW: 1,
                Landscape.PASTURE: 1,
                Landscape.GRAIN: 1,
                Landscape.DISTILLERY: 1,
                Landscape.BOG: 1,
            },
            f"hometown {h.id} squares {dict(kinds)}",
        )
        for (x, y), landscape in cells.items():
            if landscape is Landscape.GRAIN:
                touching = {cells.get((x + dx, y + dy)) for dx, dy in NEIGHBOURS}
                _check(
                    Landscape.DISTILLERY not in touching, f"hometown {h.id}: grain by distillery"
                )
        layouts.add(h.picture)
    _check(len(layouts) == 10, "two hometown layouts are the same")

    mix = Counter((b.landscape, b.value) for b in bonus_tiles)
    _check(mix == {(land, v): n for land, v, n in _BONUS_MIX}, f"bonus tiles {dict(mix)}")
    _check(len(bonus_tiles) == 12, "R1 has 12 bonus tiles")
    _check(len(WHISKEY_POINTS) == 13 and len(AROUND) == 8, "whiskey track has spaces 0..12")


validate_catalogue()
