"""R6: the tower step, scoring and the ranking."""

from __future__ import annotations

from typing import Any

import pytest

from engine import (
    WHISKEY_POINTS,
    Cell,
    CellKind,
    Coord,
    Display,
    EndRound,
    GameFinished,
    GameState,
    IllegalAction,
    Landscape,
    PendingKind,
    Phase,
    PlaceTile,
    PlaceTower,
    ScoreBreakdown,
    Standing,
    TowersAwarded,
    TurnFinished,
    apply,
    final_ranking,
    pending,
    score,
)
from engine.scoring import largest_rectangle, shared_ranks
from engine.state import hometown_display

from .helpers import cells, display, game, hometown_with, with_seat


def _last_round(boards: dict[int, Display], players: int = 2, **kw: Any) -> GameState:
    state = game(players=players, displays=boards, round=12 if players < 5 else 10, **kw)
    for i in range(players):
        state = with_seat(state, i, turn_done=True)
    return state


def _surrounded(layout: int, leave: tuple[tuple[int, int], ...] = ()) -> dict[Coord, Cell]:
    """Hometown ``layout`` with every cell around it filled by meadows, except ``leave``."""
    out = dict(hometown_display(layout).cells)
    ring = {(x + dx, y + dy) for x, y in out for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    for xy in ring - set(out) - set(leave):
        out[xy] = Cell(Landscape.MEADOW, 0, False, CellKind.TILE, 0)
    return out


def test_the_largest_rectangle_of_occupied_cells() -> None:
    """R6.2.1: hometown, tiles, bonus tiles and towers all count; holes break rectangles."""
    assert largest_rectangle(cells("MMM/MMM")) == 6
    assert largest_rectangle(cells("MMM/M.M/MMM")) == 3
    assert largest_rectangle(cells("MMMM/.MMM/.MMM/M...")) == 9
    assert largest_rectangle(cells("MWM/MMM")) == 6
    assert largest_rectangle({}) == 0
    assert largest_rectangle(cells("M.M.M")) == 1


def test_every_category_is_shown_separately() -> None:
    """R6.2: area, flock, marker, whiskey, stones, exploration and their total."""
    board = Display(_surrounded(0) | cells("PP4/PP3", (10, 10)))
    state = with_seat(game(displays={0: board}, marker=0), 0, barrel=5)
    breakdown = score(state, 0)
    expected_area = largest_rectangle(board.cells)
    assert breakdown == ScoreBreakdown(
        area=expected_area,
        flock=4,
        marker=5,
        whiskey=WHISKEY_POINTS[5],
        stones=7,
        exploration=5,
        total=expected_area + 4 + 5 + 8 + 7 + 5,
    )
    assert score(state, 1).marker == 0


def test_exploration_needs_every_cell_around_the_hometown() -> None:
    """R6.2.6: the 8 neighbours of each hometown cell, diagonals included."""
    state = game(displays={0: Display(_surrounded(3)), 1: Display(_surrounded(3, ((-1, -1),)))})
    assert score(state, 0).exploration == 5
    missing = [xy for xy in _surrounded(3) if xy not in _surrounded(3, ((-1, -1),))]
    assert missing and score(state, 1).exploration == 0


def test_towers_fill_the_last_hole_for_exploration() -> None:
    """R6.1 and R6.2.6: towers count for exploration and area; the game ends by itself."""
    hole = next(xy for xy in _surrounded(0) if xy not in hometown_display(0))
    board = _surrounded(0, (hole,)) | cells("RRR", (10, 0))
    state = _last_round({0: Display(board), 1: display("M")})
    state, events = apply(state, None, EndRound())
    assert state.phase is Phase.TOWERS
    assert TowersAwarded(0, 1, 0) in events
    assert state.tower_supply == 11
    assert pending(state, 0).kind is PendingKind.TOWER and pending(state, 0).count == 1
    assert pending(state, 1).kind is PendingKind.NONE and state.seats[1].turn_done
    assert score(state, 0).exploration == 0
    with pytest.raises(IllegalAction, match=r"^no_towers_pending"):
        apply(state, 1, PlaceTower(1, 0))
    with pytest.raises(IllegalAction, match=r"^towers_phase"):
        apply(state, 0, PlaceTile(0, 0, 9, 9))
    with pytest.raises(IllegalAction, match=r"^rounds_over"):
        apply(state, None, EndRound())
    meadow = next(xy for xy, c in board.items() if c.kind is CellKind.TILE)
    with pytest.raises(IllegalAction, match=r"^overlap\(what='tower', landscape='meadow'\)"):
        apply(state, 0, PlaceTower(*meadow))
    with pytest.raises(IllegalAction, match=r"^must_touch_county\(what='tower'\)"):
        apply(state, 0, PlaceTower(20, 20))
    final, events = apply(state, 0, PlaceTower(*hole))
    assert final.phase is Phase.FINISHED
    assert final.seats[0].display[hole].kind is CellKind.TOWER
    assert score(final, 0).exploration == 5
    assert events[-2] == TurnFinished(0)
    finished = events[-1]
    assert isinstance(finished, GameFinished)
    assert finished.totals == (score(final, 0).total, score(final, 1).total)
    assert finished.ranks == (1, 2)


def test_towers_running_short_go_in_seat_order_from_the_start_player() -> None:
    """R6.1 (decision): seats receive theirs in turn from the start player until it is empty."""
    boards = {i: display("RRR/RRR") for i in range(3)}
    state = _last_round(boards, players=3, start_player=2, tower_supply=3)
    state, events = apply(state, None, EndRound())
    awarded = [e for e in events if isinstance(e, TowersAwarded)]
    assert awarded == [TowersAwarded(2, 2, 0), TowersAwarded(0, 1, 1), TowersAwarded(1, 0, 2)]
    assert [s.towers_pending for s in state.seats] == [1, 0, 2]
    assert state.tower_supply == 0
    assert [s.turn_done for s in state.seats] == [False, True, False]


def test_without_towers_the_game_ends_with_the_last_round() -> None:
    """R6: nobody has a run of three ruins; EndRound finishes the game."""
    state = _last_round({0: hometown_with(0), 1: hometown_with(2)})
    final, events = apply(state, None, EndRound())
    assert final.phase is Phase.FINISHED
    assert isinstance(events[-1], GameFinished)
    assert not any(isinstance(e, TowersAwarded) for e in events)
    with pytest.raises(IllegalAction, match=r"^game_over"):
        apply(final, None, EndRound())


def test_equal_totals_share_a_rank() -> None:
    """R6.3: no tie-breaker."""
    assert shared_ranks([10, 10, 7]) == (1, 1, 3)
    assert shared_ranks([5, 9, 9, 9]) == (4, 1, 1, 1)
    state = _last_round({0: hometown_with(1), 1: hometown_with(1), 2: display("MG")}, players=3)
    final, events = apply(state, None, EndRound())
    total = score(final, 0).total
    assert final_ranking(final) == (
        Standing(0, 1, total),
        Standing(1, 1, total),
        Standing(2, 3, score(final, 2).total),
    )
    assert events[-1] == GameFinished((1, 1, 3), (total, total, score(final, 2).total))
