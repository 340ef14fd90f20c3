"""R5: whiskey, bogs, sheep, flocks and the Largest Flock marker, ruins."""

from __future__ import annotations

from typing import Any

import pytest

from engine import (
    TILES,
    BogSiteFormed,
    BonusPlaced,
    EndRound,
    FlockMarkerMoved,
    PlaceBonus,
    PlaceTile,
    SheepGained,
    SheepLossReason,
    SheepLost,
    SheepSource,
    TilePlaced,
    TurnFinished,
    WhiskeyAdvanced,
    apply,
    rotate,
)
from engine.effects import largest_flock, towers_earned, whiskey_steps

from .helpers import cells, display, game, hometown_with, with_seat

GP_UPRIGHT = rotate(TILES[4], 0)  # "GP" turned: grain on top, pasture below
B1_UPRIGHT = rotate(TILES[5], 0)  # "B1" turned: bog on top, stone circle below


def test_a_grain_field_between_two_distilleries_gives_two_steps() -> None:
    """R5.1: pairs count, not grain fields."""
    state = game(displays={0: display("D.D")}, area_tiles={0: (4, None)})
    new, events = apply(state, 0, PlaceTile(0, GP_UPRIGHT, 1, 0))
    assert events == (
        TilePlaced(0, 4, GP_UPRIGHT, 1, 0),
        WhiskeyAdvanced(0, 2, 2, 0),
        TurnFinished(0),
    )
    assert new.seats[0].barrel == 2


def test_one_distillery_can_give_four_steps_and_two_sheep() -> None:
    """R5.1 and R1: a distillery among four grain fields; spaces 3 and 6 each give a sheep.

    Decision (R5.3): with one empty meadow, the first sheep gets it and the second is lost.
    """
    board = display(".G./G.G/.G./...M")
    state = with_seat(game(displays={0: board}), 0, barrel=2, taken=0, bonus_pending=(7,))
    new, events = apply(state, 0, PlaceBonus(1, 1))  # bonus tile 7 is a distillery
    assert events == (
        BonusPlaced(0, 7, 1, 1),
        WhiskeyAdvanced(0, 4, 6, 2),
        SheepGained(0, SheepSource.WHISKEY),
        SheepLost(0, SheepSource.WHISKEY, SheepLossReason.NO_MEADOW),
    )
    assert new.seats[0].sheep_pending == 1 and new.sheep_supply == 23


def test_pairs_inside_the_tile_and_with_the_hometown_count() -> None:
    """R5.1: "DGD/.G." alone holds two pairs; the hometown's distillery adds to them."""
    tile = TILES[25]
    assert tile.picture == "DGD/.G."
    new_cells = {(s.x + 10, s.y): None for s in tile.squares}
    board = cells("DGD/.G.", (10, 0))
    assert whiskey_steps(board, new_cells) == 2
    # Hometown 0 has its distillery at (0, 1): a grain field placed at (-1, 1) makes one pair.
    board = dict(hometown_with(0, ("G", (-1, 1))).cells)
    assert whiskey_steps(board, [(-1, 1)]) == 1
    # Old pairs never count again.
    assert whiskey_steps(cells("GD"), []) == 0


def test_a_whiskey_step_onto_a_sheep_space_with_no_empty_meadow_loses_the_sheep() -> None:
    """R5.3: with no empty meadow the sheep is lost at once; the turn is over."""
    state = with_seat(game(displays={0: display("D")}, area_tiles={0: (4, None)}), 0, barrel=2)
    new, events = apply(state, 0, PlaceTile(0, GP_UPRIGHT, 1, 0))
    assert events[1:] == (
        WhiskeyAdvanced(0, 1, 3, 1),
        SheepLost(0, SheepSource.WHISKEY, SheepLossReason.NO_MEADOW),
        TurnFinished(0),
    )
    assert new.sheep_supply == 24 and new.seats[0].turn_done


def test_steps_beyond_the_last_space_are_lost() -> None:
    """R1: the barrel stops on space 12."""
    state = with_seat(game(displays={0: display("D.D")}, area_tiles={0: (4, None)}), 0, barrel=11)
    new, events = apply(state, 0, PlaceTile(0, GP_UPRIGHT, 1, 0))
    assert events[1] == WhiskeyAdvanced(0, 2, 12, 0)
    assert new.seats[0].barrel == 12


def test_the_sheep_supply_can_run_out() -> None:
    """R5.3: with the supply of 24 empty, a gained sheep is lost."""
    state = game(displays={0: display("P")}, area_tiles={0: (1, None)}, sheep_supply=0)
    new, events = apply(state, 0, PlaceTile(0, 0, 1, 0))
    assert events[1:] == (
        SheepLost(0, SheepSource.TILE, SheepLossReason.SUPPLY_EMPTY),
        TurnFinished(0),
    )
    assert new.sheep_supply == 0


def _bog_move(board: str, tile: int = 5, at: tuple[int, int] = (2, 0), **kw: Any) -> Any:
    state = game(displays={0: display(board)}, area_tiles={0: (tile, None)}, **kw)
    return state, *apply(state, 0, PlaceTile(0, B1_UPRIGHT, *at))


def test_two_bogs_form_a_protected_site_which_draws_a_bonus_tile() -> None:
    """R5.2: a group of 2+ bogs where none was draws one bonus tile, placed as a follow-up."""
    state, new, events = _bog_move(".B", at=(2, 0))  # "B1": its bog lands at (2, 0)
    assert BogSiteFormed(0, 1, (state.bonus_stack[0],)) in events
    assert new.seats[0].bonus_pending == (state.bonus_stack[0],)
    assert new.bonus_stack == state.bonus_stack[1:]
    assert not new.seats[0].turn_done


def test_one_placement_can_form_two_sites_at_once() -> None:
    """R5.2: tile 55 has two separate bogs, each meeting a lone bog."""
    board = "B..../...../...../....B"
    state = game(displays={0: display(board, (0, -1))}, area_tiles={0: (55, None)})
    new, events = apply(state, 0, PlaceTile(0, 0, 0, 0))
    assert BogSiteFormed(0, 2, state.bonus_stack[:2]) in events
    assert new.seats[0].bonus_pending == state.bonus_stack[:2]


def test_joining_two_sites_draws_nothing() -> None:
    """R5.2: joining two sites creates no new site."""
    state, new, events = _bog_move("BB.BB")
    assert not any(isinstance(e, BogSiteFormed) for e in events)
    assert new.bonus_stack == state.bonus_stack and new.seats[0].turn_done


def test_growing_a_site_draws_nothing_but_joining_two_lone_bogs_does() -> None:
    """R5.2: a group that had fewer than 2 bogs now has 2 or more."""
    _, _, events = _bog_move("BB")
    assert not any(isinstance(e, BogSiteFormed) for e in events)
    _, _, events = _bog_move("BB.B")
    assert not any(isinstance(e, BogSiteFormed) for e in events)
    _, _, events = _bog_move("B.B", at=(1, 0))
    assert sum(isinstance(e, BogSiteFormed) for e in events) == 1


def test_with_the_bonus_stack_empty_nothing_is_drawn() -> None:
    """R5.2 (decision): the site forms, no tile comes, the turn ends."""
    _, new, events = _bog_move(".B", bonus_stack=())
    assert BogSiteFormed(0, 1, ()) in events
    assert new.seats[0].bonus_pending == () and new.seats[0].turn_done


def test_with_one_bonus_tile_left_two_sites_draw_one() -> None:
    board = "B..../...../...../....B"
    board_display = display(board, (0, -1))
    state = game(displays={0: board_display}, area_tiles={0: (55, None)}, bonus_stack=(4,))
    new, events = apply(state, 0, PlaceTile(0, 0, 0, 0))
    assert BogSiteFormed(0, 2, (4,)) in events
    assert new.seats[0].bonus_pending == (4,) and new.bonus_stack == ()


def test_flocks_count_pastures_and_meadows_with_sheep() -> None:
    """R5.4: edge-connected groups of pasture squares; diagonals do not join."""
    assert largest_flock(cells("PmP/M.P")) == 4
    assert largest_flock(cells("P./.P")) == 1
    assert largest_flock(cells("MGM")) == 0


def _sheep_phase(boards: list[str], marker: int | None) -> Any:
    state = game(
        players=len(boards), displays={i: display(b) for i, b in enumerate(boards)}, marker=marker
    )
    for i in range(len(boards)):
        state = with_seat(state, i, turn_done=True)
    return apply(state, None, EndRound())


def test_the_strictly_biggest_flock_takes_the_marker() -> None:
    """R5.4: checked in the sheep phase."""
    new, events = _sheep_phase(["PPP", "PP"], None)
    assert new.marker == 0 and events[0] == FlockMarkerMoved(None, 0)
    new, events = _sheep_phase(["PPP", "PmmP"], 0)
    assert new.marker == 1 and events[0] == FlockMarkerMoved(0, 1)


def test_a_tie_keeps_the_marker_with_its_holder() -> None:
    """R5.4: several tie for the biggest and the holder is among them: the holder keeps it."""
    new, events = _sheep_phase(["PP", "PP"], 1)
    assert new.marker == 1
    assert not any(isinstance(e, FlockMarkerMoved) for e in events)


def test_a_tie_without_the_holder_sends_the_marker_back() -> None:
    """R5.4: otherwise the marker goes back to the supply."""
    new, events = _sheep_phase(["PP", "PP", "P"], 2)
    assert new.marker is None and events[0] == FlockMarkerMoved(2, None)
    new, events = _sheep_phase(["PP", "PP"], None)
    assert new.marker is None
    assert not any(isinstance(e, FlockMarkerMoved) for e in events)


def test_a_largest_flock_of_zero_never_takes_the_marker() -> None:
    new, _ = _sheep_phase(["M", "G"], None)
    assert new.marker is None


@pytest.mark.parametrize(
    ("picture", "towers"),
    [
        ("RR", 0),
        ("RRR", 1),
        ("RRRRR", 1),
        ("RRRRRR", 2),
        ("RR.RR", 0),
        ("R/R/R", 1),
        (".R./RRR/.R.", 2),  # a cross: its row and its column both count
        ("R../R../RRR", 2),  # an L
        ("RRR/RRR/RRR", 6),
        ("RRRMRRR", 2),
    ],
)
def test_runs_of_ruins_give_towers(picture: str, towers: int) -> None:
    """R5.5: floor(k/3) per maximal straight run, rows and columns both."""
    assert towers_earned(cells(picture)) == towers
