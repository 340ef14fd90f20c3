"""Drawing counties, pieces and the wheel: the grid, its spoken labels, and the partials."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest
from django.template.loader import render_to_string

import engine
from engine import largest_rectangle
from games.page import county
from games.words import landscape_count

SEED = 20261129


def _touching(occupied: set[engine.Coord], cells: list[engine.Coord]) -> int:
    return sum(
        (x + dx, y + dy) in occupied
        for x, y in cells
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    )


def _spread(occupied: set[engine.Coord], cells: list[engine.Coord]) -> int:
    every = occupied | set(cells)
    xs = [x for x, _ in every]
    ys = [y for _, y in every]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return 3 * max(width, height) + min(width, height)


def compact_action(state: engine.GameState, seat: int) -> engine.Action | None:
    """A legal action that keeps the county compact (a tidy county, like a careful player's)."""
    todo = engine.pending(state, seat)
    occupied = set(state.seats[seat].display.cells)
    if todo.kind is engine.PendingKind.TILE:
        best: tuple[tuple[int, int], engine.Action] | None = None
        for slot, tile_id in enumerate(todo.tiles):
            if tile_id is None:
                continue
            shapes = engine.TILES[tile_id].orientations
            for o, x, y in engine.legal_placements(state, seat, slot):
                cells = [(x + dx, y + dy) for dx, dy in shapes[o].cells]
                key = (_touching(occupied, cells) * 2 - _spread(occupied, cells), -o)
                if best is None or key > best[0]:
                    best = (key, engine.PlaceTile(slot, o, x, y))
        return None if best is None else best[1]
    if todo.kind is engine.PendingKind.SHEEP:
        return engine.PlaceSheep(*engine.legal_sheep_cells(state, seat)[0])
    if todo.kind in (engine.PendingKind.BONUS, engine.PendingKind.TOWER):
        cell = max(engine.legal_cells(state, seat), key=lambda c: _touching(occupied, [c]))
        if todo.kind is engine.PendingKind.BONUS:
            return engine.PlaceBonus(*cell)
        return engine.PlaceTower(*cell)
    return None


def play(seed: int, players: int, rounds: int | None = None) -> engine.GameState:
    """Play compactly for ``rounds`` rounds (to the very end when None)."""
    state = engine.new_game(seed, players)
    while state.phase is not engine.Phase.FINISHED:
        if rounds is not None and state.round > rounds:
            break
        for seat in range(players):
            while (action := compact_action(state, seat)) is not None:
                state, _ = engine.apply(state, seat, action)
        if state.phase is engine.Phase.PLAYING:
            state, _ = engine.apply(state, None, engine.EndRound())
    return state


@pytest.fixture(scope="module")
def midgame() -> engine.GameState:
    """A two-player game after four compactly played rounds (its counties hold stone circles)."""
    return play(SEED, 2, rounds=4)


def a_small_county() -> engine.Display:
    """Hometown 0, one +Sheep tile (MMR), a sheep, a bonus stone circle 3 and a tower."""
    cell = engine.Cell
    return engine.Display(
        {
            **engine.state.hometown_display(0).cells,
            (0, 3): cell(engine.Landscape.MEADOW, kind=engine.CellKind.TILE, tile_id=7),
            (1, 3): cell(engine.Landscape.MEADOW, kind=engine.CellKind.TILE, tile_id=7),
            (2, 3): cell(engine.Landscape.RUIN, kind=engine.CellKind.TILE, tile_id=7),
            (1, 2): cell(
                engine.Landscape.MEADOW, sheep=True, kind=engine.CellKind.HOMETOWN, tile_id=0
            ),
            (2, 2): county.bonus_cell(11),
            (3, 0): cell(engine.Landscape.TOWER, kind=engine.CellKind.TOWER),
        }
    )


def test_it_frames_the_county_with_a_margin_of_empty_cells() -> None:
    display = engine.state.hometown_display(0)  # "PTT./DTTB/.M.G": x 0..3, y 0..2

    grid = county.county_grid(display)

    assert (grid.min_x, grid.max_x, grid.min_y, grid.max_y) == (-1, 4, -1, 3)
    assert (grid.width, grid.height) == (6, 5)
    assert [len(row) for row in grid.rows] == [6] * 5
    assert all(gc.is_empty for gc in grid.rows[0] + grid.rows[-1])
    assert grid.at(1, 0).cell == display[(1, 0)]
    assert [(gc.x, gc.y) for gc in grid.rows[1][:2]] == [(-1, 0), (0, 0)]


def test_it_draws_no_margin_when_asked_and_reaches_extra_cells() -> None:
    display = engine.state.hometown_display(0)

    tight = county.county_grid(display, margin=0)
    stretched = county.county_grid(display, extra=[(7, -2)])

    assert (tight.min_x, tight.max_x, tight.min_y, tight.max_y) == (0, 3, 0, 2)
    assert (stretched.min_x, stretched.max_x, stretched.min_y, stretched.max_y) == (-1, 7, -2, 3)
    assert stretched.at(7, -2).label == "empty at (7, -2)"


def test_it_labels_every_cell_for_screen_readers() -> None:
    grid = county.county_grid(a_small_county())

    assert grid.at(1, 2).label == "meadow with a sheep at (1, 2)"
    assert grid.at(2, 2).label == "stone circle 3 (bonus tile) at (2, 2)"
    assert grid.at(1, 0).label == "town square at (1, 0)"
    assert grid.at(3, 0).label == "tower at (3, 0)"
    assert grid.at(2, 3).label == "ruin at (2, 3)"
    assert grid.at(4, 4).label == "empty at (4, 4)"


def test_it_outlines_each_piece_and_frames_the_hometown() -> None:
    grid = county.county_grid(a_small_county())

    assert grid.at(0, 3).seams == "seam-t seam-b seam-l"  # left end of the MMR tile
    assert grid.at(1, 3).seams == "seam-t seam-b"
    assert grid.at(3, 0).seams == "seam-t seam-r seam-b seam-l"  # a tower stands alone
    assert grid.at(1, 1).is_home and not grid.at(0, 3).is_home


def test_it_describes_a_whole_county_in_words() -> None:
    text = county.describe_county(a_small_county())

    assert text == (
        "Hometown, 1 tile and 1 bonus tile, 14 squares: 4 town squares, 3 meadows (1 with a sheep),"
        " 1 pasture, 1 grain field, 1 distillery, 1 ruin, 1 bog, 1 stone circle (worth 3),"
        " 1 tower. Largest filled rectangle 3 × 3."
    )
    assert county.county_grid(a_small_county()).description == text
    assert county.describe_county(engine.Display()) == "An empty county."


def test_the_description_gives_the_largest_rectangle_scoring_counts(
    midgame: engine.GameState,
) -> None:
    for seat in midgame.seats:
        description = county.describe_county(seat.display)
        sides = re.search(r"Largest filled rectangle (\d+) × (\d+)", description)
        assert sides is not None
        assert int(sides[1]) * int(sides[2]) == largest_rectangle(seat.display.cells)


def test_it_counts_every_landscape_of_a_played_county(midgame: engine.GameState) -> None:
    cells = midgame.seats[0].display.cells
    tiles = len({c.tile_id for c in cells.values() if c.kind is engine.CellKind.TILE})
    lands = Counter(c.landscape for c in cells.values())

    text = county.describe_county(cells)

    assert text.startswith("Hometown, ") or text.startswith("Hometown and ")
    assert f" {tiles} tiles" in text and f" {len(cells)} squares: " in text
    for landscape, n in lands.items():
        assert f" {landscape_count(landscape, n)}" in text


def test_a_symmetric_tile_has_two_drawings_an_asymmetric_one_four() -> None:
    assert engine.TILES[2].picture == "DD" and engine.TILES[3].picture == "DG"
    dd = [county.piece_cells(2, o) for o in range(len(engine.orientations(engine.TILES[2])))]
    dg = [county.piece_cells(3, o) for o in range(len(engine.orientations(engine.TILES[3])))]

    assert [[(dx, dy) for dx, dy, _ in cells] for cells in dd] == [
        [(0, 0), (1, 0)],
        [(0, 0), (0, 1)],
    ]
    drawings = {tuple((dx, dy, c.landscape) for dx, dy, c in cells) for cells in dg}
    assert len(dg) == len(drawings) == 4
    grain_at = [next((dx, dy) for dx, dy, c in cells if c.landscape == "grain") for cells in dg]
    assert grain_at == [(1, 0), (0, 1), (0, 0), (0, 0)]
    assert all(c.tile_id == 3 and c.kind is engine.CellKind.TILE for _, _, c in dg[0])


def test_a_tile_drawn_at_a_placement_covers_the_cells_the_engine_fills(
    midgame: engine.GameState,
) -> None:
    state = engine.new_game(SEED, 2)
    o, x, y = engine.legal_placements(state, 0, 1)[5]
    tile_id = state.areas[state.area_of(0)][1]
    assert tile_id is not None

    after, _ = engine.apply(state, 0, engine.PlaceTile(1, o, x, y))

    drawn = {(x + dx, y + dy): c.landscape for dx, dy, c in county.piece_cells(tile_id, o)}
    placed = {xy: c.landscape for xy, c in after.seats[0].display.items() if c.tile_id == tile_id}
    assert drawn == placed
    assert set(county.tile_overlay(tile_id, o, x, y, legal=True)) == set(drawn)


def test_the_county_partial_draws_one_labelled_element_per_cell(midgame: engine.GameState) -> None:
    display = midgame.seats[0].display
    grid = county.county_grid(display)
    stones = [c.value for c in display.values() if c.landscape is engine.Landscape.STONE]
    assert stones, "the sample county should hold a stone circle"

    html = render_to_string("games/_county.html", {"grid": grid, "title": "Aoife's county"})

    assert html.count('class="cell ') == grid.width * grid.height
    for row in grid.rows:
        for gc in row:
            assert f'data-x="{gc.x}" data-y="{gc.y}" role="img" aria-label="{gc.label}"' in html
    for value in stones:
        assert f'class="sq-value" x="20" y="28.6">{value}</text>' in html
    assert 'aria-label="Aoife&#x27;s county"' in html
    assert f'aria-description="{grid.description}"' in html.replace("&#x27;", "'")
    assert html.count('href="#ls-town"') == 4
    assert "<button" not in html and "<form" not in html


@pytest.mark.parametrize("targeted", [2, 0], ids=["with targets", "only its squares"])
def test_a_small_county_leaves_its_empty_cells_out_and_places_each_square(
    midgame: engine.GameState, targeted: int
) -> None:
    display = midgame.seats[0].display
    grid = county.county_grid(display)
    targets = engine.legal_cells(midgame, 0)[:targeted]  # empty cells next to the county

    html = render_to_string(
        "games/_county.html", {"grid": grid, "size": "small", "targets": targets}
    )

    assert 'class="county sparse"' in html
    assert html.count('class="cell ') == len(display) + len(targets)
    assert html.count("cell--empty") == len(targets)
    for r, row in enumerate(grid.rows, start=1):
        for c, gc in enumerate(row, start=1):
            drawn = f'data-x="{gc.x}" data-y="{gc.y}" style="grid-area: {r} / {c}"' in html
            assert drawn == (not gc.is_empty or gc.coord in targets)
            assert (f'aria-label="{gc.label}"' in html) == drawn
    # a line a row, as when every cell is drawn (and two opening, two closing, the template's)
    assert html.count("\n") == 2 + grid.height + 2 + 1


def test_targets_are_highlighted_but_not_buttons_without_a_url(midgame: engine.GameState) -> None:
    grid = county.county_grid(midgame.seats[0].display)
    targets = engine.legal_cells(midgame, 0)[:3]

    html = render_to_string("games/_county.html", {"grid": grid, "targets": targets})

    assert html.count(" target") == 3
    assert "<button" not in html


def test_targets_become_buttons_that_post_x_and_y(midgame: engine.GameState) -> None:
    display = midgame.seats[0].display
    grid = county.county_grid(display)
    meadows = [xy for xy, c in display.items() if c.is_empty_meadow]
    assert meadows

    html = render_to_string(
        "games/_county.html",
        {
            "grid": grid,
            "targets": meadows,
            "cell_url": "/games/1/play",
            "cell_fields": {"version": 7},
            "cell_verb": "Put the sheep on",
        },
    )

    assert html.count("<button") == len(meadows) == html.count('<form class="cell-form"')
    assert html.count('role="img"') == grid.width * grid.height - len(meadows)
    assert html.count('name="version" value="7"') == len(meadows)
    x, y = meadows[0]
    assert f'name="x" value="{x}"><input type="hidden" name="y" value="{y}">' in html
    assert f'aria-label="Put the sheep on meadow at ({x}, {y})"' in html


def test_without_targets_every_empty_cell_is_a_button(midgame: engine.GameState) -> None:
    grid = county.county_grid(midgame.seats[0].display)
    empty = sum(gc.is_empty for row in grid.rows for gc in row)

    html = render_to_string("games/_county.html", {"grid": grid, "cell_url": "/play"})
    none_wanted = render_to_string(
        "games/_county.html", {"grid": grid, "cell_url": "/play", "targets": ()}
    )

    assert html.count("<button") == empty
    assert "<button" not in none_wanted


def test_a_preview_draws_the_tile_on_top_fitting_or_not(midgame: engine.GameState) -> None:
    state = engine.new_game(SEED, 2)
    tile_id = state.areas[state.area_of(0)][0]
    assert tile_id is not None
    o, x, y = engine.legal_placements(state, 0, 0)[0]
    ok = county.tile_overlay(tile_id, o, x, y, legal=True)
    bad = county.tile_overlay(tile_id, o, 1, 1, legal=False)

    fits = render_to_string(
        "games/_county.html",
        {"grid": county.county_grid(state.seats[0].display, extra=ok), "overlay": ok},
    )
    clashes = render_to_string(
        "games/_county.html",
        {"grid": county.county_grid(state.seats[0].display, extra=bad), "overlay": bad},
    )

    size = engine.TILES[tile_id].size
    assert fits.count("overlay overlay--ok") == size and "overlay--bad" not in fits
    assert clashes.count("overlay overlay--bad") == size
    assert fits.count(", fits") == size
    assert "does not fit" in clashes


def test_a_piece_shows_its_squares_and_the_sheep_symbol() -> None:
    with_sheep = render_to_string("games/_piece.html", {"tile": 7, "orientation": 1})
    plain = render_to_string("games/_piece.html", {"tile": 0})
    bonus = render_to_string("games/_piece.html", {"bonus": 11})

    assert with_sheep.count('class="piece-sq') == 3 and 'href="#plus-sheep"' in with_sheep
    assert 'aria-label="Tile of 3 squares: 2 meadows, ruin, with +Sheep"' in with_sheep
    assert "grid-area: 3 / 1" in with_sheep  # the third square lies below in orientation 1
    assert "plus-sheep" not in plain and ">1</text>" in plain
    assert 'href="#mark-bonus"' in bonus and ">3</text>" in bonus


def test_the_wheel_marks_the_viewers_area_and_names_the_others() -> None:
    state = engine.new_game(SEED, 3)
    names = ("Aoife", "Brendan", "Ciara")
    owners = {state.area_of(i): name for i, name in enumerate(names)}
    mine = state.area_of(0)

    html = render_to_string(
        "games/_wheel.html", {"areas": state.areas, "mine": mine, "owners": owners}
    )

    assert html.count('<li class="wheel-area') == 5
    assert html.count("wheel-area mine") == 1 and "Your tiles" in html
    assert "Brendan’s tiles" in html and "Ciara’s tiles" in html and "Aoife" not in html
    assert html.count("Free this round") == 2
    assert html.count('class="piece ') == 10


def test_the_symbols_draw_every_landscape_once() -> None:
    html = render_to_string("games/_symbols.html")

    for landscape in engine.Landscape:
        assert html.count(f'<symbol id="ls-{landscape}"') == 1
    for name in ("tok-sheep", "plus-sheep", "mark-bonus"):
        assert html.count(f'<symbol id="{name}"') == 1
    assert "board-legend" not in html


def test_the_legend_names_what_each_square_shows() -> None:
    html = render_to_string("games/_symbols.html#legend")

    for label in ("Meadow", "Pasture", "Grain field", "Distillery", "Ruin", "Bog", "Stone circle"):
        assert re.search(rf"</svg> {label}\b", html)


def test_a_grids_key_follows_every_cell_and_the_box(midgame: engine.GameState) -> None:
    display = midgame.seats[0].display
    xy, cell = next(iter(display.items()))
    with_sheep = display.with_cells([(xy, dataclasses.replace(cell, sheep=not cell.sheep))])

    key = county.county_grid(display).key

    assert county.county_grid(engine.Display(list(display.items())[::-1])).key == key  # same cells
    assert county.county_grid(with_sheep).key != key
    assert county.county_grid(display, margin=2).key != key
