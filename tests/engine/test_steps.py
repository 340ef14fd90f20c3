"""Stepping through a log one move at a time, and the piece each move placed."""

from __future__ import annotations

from itertools import pairwise

import pytest

import engine
from engine.bots import play_turn

SEED = 7


def _log(seed: int = SEED, players: int = 3) -> list[tuple[int | None, str]]:
    """A whole game of easy bots, as its log of moves."""
    state = engine.new_game(seed, players)
    moves: list[tuple[int | None, str]] = []
    while state.phase is not engine.Phase.FINISHED:
        for seat in range(players):
            if engine.pending(state, seat).kind is not engine.PendingKind.NONE:
                state, actions = play_turn("easy", state, seat, seat)
                moves += [(seat, str(a)) for a in actions]
        if engine.round_complete(state):
            state, _ = engine.apply(state, None, engine.EndRound())
            moves.append((None, "end"))
    return moves


def test_the_steps_end_where_the_replay_ends_each_starting_where_the_last_stopped() -> None:
    moves = _log()
    steps = list(engine.steps(SEED, 3, moves))
    assert [s.index for s in steps] == list(range(len(moves)))
    assert steps[-1].state == engine.replay(SEED, 3, moves).state
    assert all(a.state is b.before for a, b in pairwise(steps))
    assert [str(s.action) for s in steps] == [text for _, text in moves]


def test_the_steps_stop_with_the_error_at_the_first_illegal_move() -> None:
    moves = _log()[:4]
    seen = []
    with pytest.raises(engine.IllegalAction):
        for step in engine.steps(SEED, 3, [*moves, (0, "t0 o0 90,90")]):
            seen.append(step.index)
    assert seen == [0, 1, 2, 3]


def test_every_piece_a_move_placed_lies_in_the_final_county_as_placed() -> None:
    kinds = set()
    steps = list(engine.steps(SEED, 3, _log()))
    final = steps[-1].state
    for step in steps:
        placed = engine.placed_piece(step.events)
        if isinstance(step.action, engine.EndRound):
            assert placed is None
            continue
        assert placed is not None and placed.seat == step.seat
        kinds.add(placed.kind)
        display = final.seats[placed.seat].display
        for xy, landscape in zip(placed.cells, placed.landscapes, strict=True):
            assert xy not in step.before.seats[placed.seat].display or placed.kind == "sheep"
            assert display[xy].landscape is landscape
    assert kinds == set(engine.PieceKind)
