"""What the game page shows beside the board at a tutorial table: the round's lesson, its
suggested spot drawn on the player's county (and a link that tries the tile there), and what the
player's move of the round before did, against that round's suggestion."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import engine
from engine import Coord
from games.access import TableAccess
from games.engine_bridge import load_state, log_moves
from games.learn.deal import is_tutorial
from games.learn.lessons import Lesson, lesson_of, suggest, what_it_did
from games.page.county import CountyGrid, OverlaySquare, county_grid, tile_overlay


@dataclass(frozen=True)
class TutorialPanel:
    round: int
    rounds: int
    lesson: Lesson
    #: the draft query that tries the suggested tile on its spot, "" without one
    try_query: str
    #: which of the two offered tiles the suggestion places (1 or 2), 0 without one
    tile_number: int
    grid: CountyGrid | None
    overlay: dict[Coord, OverlaySquare]
    #: what the player's tile of the round before did, in a sentence
    last: str
    last_round: int
    final: engine.ScoreBreakdown | None


def tutorial_panel(access: TableAccess) -> TutorialPanel | None:
    """The panel for the table's player, or None when this is no tutorial (asked without a
    query); at a tutorial, one query: the log."""
    game = access.game
    me = access.mine
    if me is None or not is_tutorial(game) or game.state is None:
        return None
    state = engine.view(load_state(game), me.position)
    seat = me.position
    finished = state.phase is engine.Phase.FINISHED
    round_ = state.round
    lesson = lesson_of(round_)
    suggestion = None if finished else suggest(state, seat, lesson.focus)
    try_query = ""
    grid = None
    overlay: dict[Coord, OverlaySquare] = {}
    if suggestion is not None:
        tile = engine.pending(state, seat).tiles[suggestion.slot]
        assert tile is not None
        preview = tile_overlay(tile, suggestion.orientation, suggestion.x, suggestion.y, legal=True)
        overlay = {xy: OverlaySquare("ghost", sq.cell) for xy, sq in preview.items()}
        grid = county_grid(state.seats[seat].display.cells, extra=overlay)
        try_query = "?" + urlencode(
            {"slot": suggestion.slot, "o": suggestion.orientation, "x": suggestion.x,
             "y": suggestion.y}
        )  # fmt: skip
    told_round = round_ if finished or state.seats[seat].turn_done else round_ - 1
    last = _what_the_tile_did(game.seed, state.players, log_moves(game), seat, told_round)
    return TutorialPanel(
        round=round_,
        rounds=state.rounds_total,
        lesson=lesson,
        try_query=try_query,
        tile_number=0 if suggestion is None else suggestion.slot + 1,
        grid=grid,
        overlay=overlay,
        last=last,
        last_round=told_round,
        final=engine.score(state, seat) if finished else None,
    )


def _what_the_tile_did(
    seed: int, players: int, moves: list[tuple[int | None, str]], seat: int, round_: int
) -> str:
    """What the seat's tile of ``round_`` did, told against that round's suggestion."""
    if round_ < 1:
        return ""
    for step in engine.steps(seed, players, moves):
        if (
            step.seat == seat
            and step.before.round == round_
            and isinstance(step.action, engine.PlaceTile)
        ):
            seen = engine.view(step.before, seat)
            return what_it_did(seen, step.action, seat, lesson_of(round_).focus)
    return ""
