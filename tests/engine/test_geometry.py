"""R3: display geometry, orientations and legal placements (with golden counts)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    BONUS_TILES,
    TILES,
    Coord,
    IllegalAction,
    PlaceTile,
    apply,
    legal_cells,
    legal_placements,
    mirror,
    orientations,
    rotate,
)
from engine.geometry import NEIGHBOURS, Fitting, compute_orientations
from engine.landscapes import parse_picture

from .helpers import ENGINE_SETTINGS, display, game, hometown_with


def _count(picture: str) -> int:
    return len(compute_orientations(parse_picture(picture)))


def test_symmetric_pieces_have_fewer_orientations() -> None:
    """R3: up to 8 orientations; landscapes count in telling them apart."""
    assert _count("MM") == 2
    assert _count("MG") == 4
    assert _count("MM/MM") == 1
    assert _count("MG/GM") == 2
    assert _count(".M./MMM/.M.") == 1
    assert _count("MMM/M..") == 8
    assert _count("MMM/.M.") == 4
    assert _count("MMMM") == 2


def test_rotating_four_times_and_mirroring_twice_come_back() -> None:
    """A UI's R and F keys cycle through the distinct orientations."""
    for tile in TILES:
        n = len(orientations(tile))
        reached = set()
        for o in range(n):
            r = o
            for _ in range(4):
                r = rotate(tile, r)
            assert r == o
            assert mirror(tile, mirror(tile, o)) == o
            reached.update({rotate(tile, o), mirror(tile, o)})
        assert reached == set(range(n))


def test_rotation_turns_clockwise_with_y_downwards() -> None:
    """Orientation 1 of a line is the line turned a quarter clockwise: first square on top."""
    squares = orientations(TILES[4])  # "GP"
    assert [(s.x, s.y, s.letter) for s in squares[0].squares] == [(0, 0, "G"), (1, 0, "P")]
    turned = squares[squares[0].rotated]
    assert [(s.x, s.y, s.letter) for s in turned.squares] == [(0, 0, "G"), (0, 1, "P")]
    mirrored = squares[squares[0].mirrored]
    assert [(s.x, s.y, s.letter) for s in mirrored.squares] == [(1, 0, "G"), (0, 0, "P")]


def test_a_placement_puts_the_bounding_box_corner_on_x_y() -> None:
    """Placement convention: square (dx, dy) of the orientation lands on (x + dx, y + dy)."""
    tile = TILES[40]  # .M./MMP/.M. : no square at the corner
    state = game(displays={0: display("M")}, area_tiles={0: (40, None)})
    new, _ = apply(state, 0, PlaceTile(0, 0, 1, -1))
    placed = {xy for xy, c in new.seats[0].display.items() if c.tile_id == tile.id and xy != (0, 0)}
    assert placed == {(2, -1), (1, 0), (2, 0), (3, 0), (2, 1)}


def test_the_small_case_by_hand() -> None:
    """A domino around one square: 6 places lying, 6 standing; twice that with two landscapes."""
    state = game(displays={0: display("M")})
    assert len(legal_placements(state, 0, TILES[1])) == 12  # "MM"
    assert len(legal_placements(state, 0, TILES[0])) == 24  # "1M"
    assert set(legal_placements(state, 0, TILES[1])) >= {(0, 1, 0), (0, -2, 0), (1, 0, 1)}


GOLDEN = {0: 92, 1: 46, 40: 92, 36: 116, 55: 114, 57: 232, 58: 214, 59: 232}


@pytest.mark.parametrize(("tile_id", "count"), sorted(GOLDEN.items()))
def test_golden_counts_of_legal_placements(tile_id: int, count: int) -> None:
    """Pinned counts on a fixed display: hometown 0 with three pieces around it."""
    board = hometown_with(0, ("RRR/.B.", (4, 0)), ("MMGG", (0, 3)), ("P", (-1, 1)))
    state = game(displays={0: board})
    placements = legal_placements(state, 0, TILES[tile_id])
    assert len(placements) == count
    assert len(set(placements)) == count
    assert list(placements) == sorted(placements)


occupied_cells = st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), max_size=30)
shape_cells = st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=6)


def _fits_by_rule(occupied: set[Coord], cells: set[Coord]) -> list[Coord]:
    """R3 as written, corner by corner over a box wide enough: every cell empty, one touching."""
    touching = {(x + dx, y + dy) for x, y in occupied for dx, dy in NEIGHBOURS} - occupied
    box = range(-11, 11)
    return [
        (x, y)
        for x in box
        for y in box
        if not any((x + dx, y + dy) in occupied for dx, dy in cells)
        and any((x + dx, y + dy) in touching for dx, dy in cells)
    ]


@settings(ENGINE_SETTINGS, max_examples=300)
@given(occupied_cells, shape_cells)
def test_the_fitting_finds_every_corner_the_rule_allows_and_no_other(
    occupied: set[Coord], cells: set[Coord]
) -> None:
    """R3: the bit masks' corners are the rule's, in order, for any display and shape."""
    reach = max(max(dx, dy) for dx, dy in cells)
    assert Fitting(occupied, reach).anchors(sorted(cells)) == _fits_by_rule(occupied, cells)


def test_every_listed_placement_is_accepted_and_no_other() -> None:
    """legal_placements agrees with apply, cell by cell around the display."""
    board = hometown_with(0, ("RRR/.B.", (4, 0)))
    state = game(displays={0: board}, area_tiles={0: (12, None)})  # "DG/D."
    legal = set(legal_placements(state, 0, 0))
    for o in range(len(TILES[12].orientations)):
        for x in range(-4, 9):
            for y in range(-4, 6):
                try:
                    apply(state, 0, PlaceTile(0, o, x, y))
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == ((o, x, y) in legal), (o, x, y)


def test_one_by_one_pieces_go_on_the_frontier() -> None:
    """R3 for bonus tiles and towers: any empty cell next to the display."""
    state = game(displays={0: display("MM")})
    assert legal_cells(state, 0) == ((-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0))
    assert len(legal_placements(state, 0, BONUS_TILES[0])) == 6


def test_a_placement_must_not_overlap() -> None:
    """R3: a cell holds at most one square; the message names what is there."""
    state = game(displays={0: hometown_with(0)}, area_tiles={0: (1, None)})  # "MM"
    with pytest.raises(IllegalAction, match=r"^overlap\(what='tile', landscape='distillery'\)"):
        apply(state, 0, PlaceTile(0, 0, -1, 1))


def test_a_placement_must_touch_the_display() -> None:
    """R3: at least one cell adjacent to an occupied cell; diagonal contact is not enough."""
    state = game(displays={0: display("M")}, area_tiles={0: (1, None)})
    with pytest.raises(IllegalAction, match=r"^must_touch_county\(what='tile'\)"):
        apply(state, 0, PlaceTile(0, 0, 1, 1))
    apply(state, 0, PlaceTile(0, 0, 1, 0))


def test_gaps_and_holes_are_allowed() -> None:
    """R3: landscapes need not match and holes may stay."""
    state = game(displays={0: display("MMM/M.M")}, area_tiles={0: (1, None)})
    new, _ = apply(state, 0, PlaceTile(0, 0, 0, 2))
    assert (1, 1) not in new.seats[0].display


def test_orientation_and_slot_are_checked() -> None:
    state = game(displays={0: display("M")}, area_tiles={0: (1, None)})
    with pytest.raises(IllegalAction, match=r"^no_such_orientation\(count=2, last=1\)"):
        apply(state, 0, PlaceTile(0, 2, 1, 0))
    with pytest.raises(IllegalAction, match=r"^empty_slot"):
        apply(state, 0, PlaceTile(1, 0, 1, 0))
    with pytest.raises(IllegalAction, match=r"^no_such_slot"):
        apply(state, 0, PlaceTile(2, 0, 1, 0))
    assert legal_placements(state, 0, 1) == ()
