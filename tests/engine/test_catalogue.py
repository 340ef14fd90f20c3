"""R1: the components, checked number by number."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engine import BONUS_TILES, HOMETOWNS, TILES, WHISKEY_POINTS, WHISKEY_SHEEP_SPACES, Landscape
from engine.catalogue import (
    SHEEP_SUPPLY,
    TOWER_SUPPLY,
    CatalogueError,
    Tile,
    validate_catalogue,
)
from engine.geometry import NEIGHBOURS, canonical_form, compute_orientations, is_connected
from engine.landscapes import draw_picture, parse_picture


def test_there_are_60_tiles_with_the_sizes_of_r1() -> None:
    """R1: 6, 12, 18, 14, 7 and 3 tiles of 2 to 7 squares, 253 squares in all."""
    assert len(TILES) == 60
    assert Counter(t.size for t in TILES) == {2: 6, 3: 12, 4: 18, 5: 14, 6: 7, 7: 3}
    assert sum(t.size for t in TILES) == 253


def test_the_squares_show_the_landscapes_of_r1() -> None:
    """R1: meadow 70, pasture 50, grain 34, distillery 18, ruin 30, bog 30, stone circle 21."""
    squares = [s for t in TILES for s in t.squares]
    assert Counter(s.landscape for s in squares) == {
        Landscape.MEADOW: 70,
        Landscape.PASTURE: 50,
        Landscape.GRAIN: 34,
        Landscape.DISTILLERY: 18,
        Landscape.RUIN: 30,
        Landscape.BOG: 30,
        Landscape.STONE: 21,
    }
    stones = Counter(s.value for s in squares if s.landscape is Landscape.STONE)
    assert stones == {1: 8, 2: 6, 3: 4, 4: 3}
    assert all(s.value == 0 for s in squares if s.landscape is not Landscape.STONE)


def test_14_tiles_carry_the_sheep_symbol() -> None:
    """R1: 14 tiles with +Sheep."""
    assert sum(t.sheep for t in TILES) == 14


def test_every_tile_shows_one_to_three_landscapes_and_is_connected() -> None:
    """R1: one to three landscapes per tile; edge-connected polyominoes."""
    for t in TILES:
        assert 1 <= len(t.landscapes) <= 3, t
        assert is_connected((s.x, s.y) for s in t.squares), t


def test_no_two_tiles_are_equal_up_to_rotation_and_mirroring() -> None:
    """R1: shape and landscapes together are unique."""
    assert len({canonical_form(t.squares) for t in TILES}) == 60


def test_tile_shapes_are_varied() -> None:
    """Lines, L, T, S, plus and U shapes are all in the bag, and landscapes are mixed."""
    shapes = {canonical_form(parse_picture(t.picture.translate(_ALL_MEADOW))) for t in TILES}
    for picture in ("MMMMM", "MMM/M..", "MMM/.M.", ".MM/MM.", ".M./MMM/.M.", "MMM/M.M"):
        assert canonical_form(parse_picture(picture)) in shapes, picture
    assert len(shapes) >= 25
    assert Counter(len(t.landscapes) for t in TILES)[1] <= 10


_ALL_MEADOW = str.maketrans({c: "M" for c in "PGDRB1234"})


def test_tile_ids_and_pictures_agree() -> None:
    """Tile ``i`` is ``TILES[i]``; pictures are normalised and parse back to the squares."""
    for i, t in enumerate(TILES):
        assert t.id == i
        assert draw_picture(t.squares) == t.picture
        assert parse_picture(t.picture) == t.squares


def test_there_are_ten_hometown_layouts_of_nine_squares() -> None:
    """R1: 5 hometowns × 2 sides; 9 edge-connected squares, never a 3×3 block."""
    assert len(HOMETOWNS) == 10
    for h in HOMETOWNS:
        cells = {(s.x, s.y) for s in h.squares}
        assert len(cells) == 9 and is_connected(cells)
        width = max(x for x, _ in cells) + 1
        height = max(y for _, y in cells) + 1
        assert (width, height) != (3, 3)
        assert h.arms == h.id // 2 and h.side == h.id % 2
    assert len({h.picture for h in HOMETOWNS}) == 10


def test_hometowns_have_four_town_squares_and_one_of_each_landscape() -> None:
    """R1: 4 town squares and exactly one meadow, pasture, grain, distillery and bog."""
    for h in HOMETOWNS:
        assert Counter(s.landscape for s in h.squares) == {
            Landscape.TOWN: 4,
            Landscape.MEADOW: 1,
            Landscape.PASTURE: 1,
            Landscape.GRAIN: 1,
            Landscape.DISTILLERY: 1,
            Landscape.BOG: 1,
        }


def test_in_a_hometown_the_grain_field_does_not_touch_the_distillery() -> None:
    """R1: no free whiskey at the start."""
    for h in HOMETOWNS:
        at = {(s.x, s.y): s.landscape for s in h.squares}
        for (x, y), landscape in at.items():
            if landscape is Landscape.GRAIN:
                around = {at.get((x + dx, y + dy)) for dx, dy in NEIGHBOURS}
                assert Landscape.DISTILLERY not in around, h


def test_the_landscapes_lie_differently_on_each_layout() -> None:
    """R1: placed differently on each layout."""
    layouts = {tuple(sorted((s.x, s.y, s.landscape.value) for s in h.squares)) for h in HOMETOWNS}
    assert len(layouts) == 10


def test_the_bonus_tiles_are_the_mix_of_r1() -> None:
    """R1: meadow 2, pasture 3, grain 2, distillery 2, ruin 1, stone 2 and stone 3."""
    assert len(BONUS_TILES) == 12
    assert Counter((b.landscape, b.value) for b in BONUS_TILES) == {
        (Landscape.MEADOW, 0): 2,
        (Landscape.PASTURE, 0): 3,
        (Landscape.GRAIN, 0): 2,
        (Landscape.DISTILLERY, 0): 2,
        (Landscape.RUIN, 0): 1,
        (Landscape.STONE, 2): 1,
        (Landscape.STONE, 3): 1,
    }
    assert [b.id for b in BONUS_TILES] == list(range(12))


def test_the_whiskey_track_and_supplies_are_those_of_r1() -> None:
    """R1: spaces 0-12 with their points; sheep on 3, 6 and 9; 24 sheep, 12 towers."""
    assert WHISKEY_POINTS == (0, 1, 2, 4, 6, 8, 10, 12, 15, 18, 21, 24, 28)
    assert sorted(WHISKEY_SHEEP_SPACES) == [3, 6, 9]
    assert (SHEEP_SUPPLY, TOWER_SUPPLY) == (24, 12)


def test_it_refuses_a_catalogue_with_a_duplicate_tile() -> None:
    """Validation at import catches broken data."""
    broken = (*TILES[:-1], replace(TILES[0], id=59))
    with pytest.raises(CatalogueError, match="equal up to rotation"):
        validate_catalogue(tiles=broken)


def test_it_refuses_a_catalogue_with_wrong_counts() -> None:
    squares = parse_picture("MMMMMMM")
    other = Tile(59, "MMMMMMM", squares, False, compute_orientations(squares))
    with pytest.raises(CatalogueError):
        validate_catalogue(tiles=(*TILES[:-1], other))
    with pytest.raises(CatalogueError, match="hometown"):
        validate_catalogue(hometowns=HOMETOWNS[:9])
    with pytest.raises(CatalogueError, match="bonus"):
        validate_catalogue(bonus_tiles=BONUS_TILES[:11])


def test_it_refuses_a_hometown_whose_grain_touches_the_distillery() -> None:
    bad = replace(HOMETOWNS[0], picture="TTGD/TTMP/B...", squares=parse_picture("TTGD/TTMP/B..."))
    with pytest.raises(CatalogueError, match="grain by distillery"):
        validate_catalogue(hometowns=(bad, *HOMETOWNS[1:]))


def test_pictures_reject_unknown_letters() -> None:
    with pytest.raises(ValueError, match="Unknown square"):
        parse_picture("MX")
