"""The bots' rectangle estimates equal a brute force over every rectangle of the display.

``rectangle_with_fillers`` places every absent player's towers (R6.1), ``rectangle_prospect``
values the rectangle still to come, ``rectangle_in_rows`` measures it on bit masks: each is
checked here against the plain definition on generated displays.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Cell, Coord, Landscape
from engine.bots.outlook import (
    _enclosed,
    _open_edges,
    _rows,
    rectangle_prospect,
    rectangle_with_fillers,
)
from engine.geometry import NEIGHBOURS
from engine.scoring import largest_rectangle, largest_rectangle_size

from .helpers import ENGINE_SETTINGS

MEADOW = Cell(Landscape.MEADOW)

occupied_cells = st.sets(st.tuples(st.integers(-3, 4), st.integers(-2, 4)), min_size=1, max_size=30)


def _rectangles(cells: set[Coord]) -> Iterator[tuple[int, int]]:
    """(area, empty cells) of every rectangle inside the cells' bounding box."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    for left in range(min(xs), max(xs) + 1):
        for right in range(left, max(xs) + 1):
            for top in range(min(ys), max(ys) + 1):
                for bottom in range(top, max(ys) + 1):
                    area = (right - left + 1) * (bottom - top + 1)
                    filled = sum(1 for x, y in cells if left <= x <= right and top <= y <= bottom)
                    yield area, area - filled


def _display(cells: set[Coord]) -> dict[Coord, Cell]:
    return dict.fromkeys(cells, MEADOW)


@settings(ENGINE_SETTINGS, max_examples=300)
@given(occupied_cells, st.integers(0, 6))
def test_the_tower_estimate_is_the_largest_rectangle_the_towers_could_complete(
    cells: set[Coord], fillers: int
) -> None:
    truth = max(area for area, empty in _rectangles(cells) if empty <= fillers)
    assert rectangle_with_fillers(_display(cells), fillers) == truth


@pytest.mark.parametrize(
    ("cells", "fillers", "area"),
    [
        ({(0, 0), (1, 2)}, 2, 3),  # a column with two holes, not the 2×2 with three
        ({(0, 0), (1, 0), (0, 1)}, 1, 4),
        ({(0, 0), (2, 0), (0, 2), (2, 2)}, 0, 1),
        ({(0, 0), (2, 0), (0, 2), (2, 2)}, 5, 9),
    ],
)
def test_the_tower_estimate_on_small_displays(cells: set[Coord], fillers: int, area: int) -> None:
    assert rectangle_with_fillers(_display(cells), fillers) == area


def test_without_towers_the_estimate_is_the_rectangle_itself() -> None:
    cells = {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (4, 4)}
    assert rectangle_with_fillers(_display(cells), 0) == largest_rectangle(cells) == 4


@settings(ENGINE_SETTINGS, max_examples=300)
@given(occupied_cells, st.sampled_from([0.0, 0.25, 0.5, 1.0, 3.0]))
def test_the_rectangle_prospect_is_the_best_rectangle_counting_holes_as_a_cost(
    cells: set[Coord], hole_cost: float
) -> None:
    truth = max(0.0, *(area - empty - hole_cost * empty for area, empty in _rectangles(cells)))
    assert rectangle_prospect(_display(cells), hole_cost) == pytest.approx(truth)


@settings(ENGINE_SETTINGS, max_examples=200)
@given(occupied_cells)
def test_the_bit_mask_rectangle_is_the_largest_full_rectangle_and_its_sides_agree(
    cells: set[Coord],
) -> None:
    """R6.2.1: the score's rectangle (row bit masks) against every rectangle counted cell by
    cell, and the sides the county's description gives against both."""
    truth = max(area for area, empty in _rectangles(cells) if not empty)
    width, height = largest_rectangle_size(cells)
    assert largest_rectangle(cells) == truth == width * height


@settings(ENGINE_SETTINGS, max_examples=300)
@given(occupied_cells)
def test_the_shape_counts_on_bit_masks_equal_their_definitions(cells: set[Coord]) -> None:
    """Open edges: sides of occupied cells facing an empty cell; enclosed: empty cells with
    all four neighbours occupied."""
    rows, _ = _rows(_display(cells))
    sides = [(x + dx, y + dy) for x, y in cells for dx, dy in NEIGHBOURS]
    assert _open_edges(rows) == sum(1 for xy in sides if xy not in cells)
    enclosed = {
        (x, y)
        for x, y in sides
        if (x, y) not in cells and all((x + dx, y + dy) in cells for dx, dy in NEIGHBOURS)
    }
    assert _enclosed(rows) == len(enclosed)
