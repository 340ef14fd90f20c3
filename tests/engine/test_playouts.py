"""Whole games of random legal moves: they end after the right rounds, in a legal state."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engine import (
    TILES,
    Action,
    CellKind,
    EndRound,
    GameFinished,
    GameState,
    IllegalAction,
    InvalidNotation,
    Phase,
    PlaceSheep,
    RoundStarted,
    apply,
    final_ranking,
    new_game,
    replay,
    score,
)
from engine.catalogue import SHEEP_SUPPLY, TOWER_SUPPLY

from .helpers import ENGINE_SETTINGS, playout, random_move

games = st.tuples(st.integers(0, 100_000), st.integers(2, 5), st.integers(0, 100_000))


def _check_legal_end(state: GameState) -> None:
    assert state.phase is Phase.FINISHED
    assert state.round == state.rounds_total
    placed_tiles: list[int] = []
    sheep = towers = bonus = 0
    for seat in state.seats:
        kinds = Counter(c.kind for c in seat.display.values())
        tile_ids = {
            c.tile_id
            for c in seat.display.values()
            if c.kind is CellKind.TILE and c.tile_id is not None
        }
        assert len(tile_ids) == state.rounds_total  # one tile per round
        assert kinds[CellKind.TILE] == sum(TILES[t].size for t in tile_ids)
        assert kinds[CellKind.HOMETOWN] == 9
        placed_tiles.extend(tile_ids)
        sheep += sum(1 for c in seat.display.values() if c.sheep)
        towers += kinds[CellKind.TOWER]
        bonus += kinds[CellKind.BONUS]
        assert seat.turn_done and not seat.sheep_pending and not seat.bonus_pending
        assert seat.towers_pending == 0
        assert all(c.landscape.value == "meadow" for c in seat.display.values() if c.sheep)
    in_areas = [t for a in state.areas for t in a if t is not None]
    assert sorted([*placed_tiles, *in_areas, *state.bag]) == list(range(60))
    assert sheep + state.sheep_supply == SHEEP_SUPPLY
    assert towers + state.tower_supply == TOWER_SUPPLY
    assert bonus + len(state.bonus_stack) == 12


@ENGINE_SETTINGS
@given(games)
def test_random_games_finish_after_the_right_number_of_rounds(game: tuple[int, int, int]) -> None:
    """R2.2, R4, R6: 12 rounds (10 with five players), then the game is over."""
    seed, players, chooser = game
    rng = random.Random(chooser)
    state = new_game(seed, players)
    rounds_started = 1
    finished: list[GameFinished] = []
    while state.phase is not Phase.FINISHED:
        state, events = apply(state, *random_move(state, rng))
        rounds_started += sum(isinstance(e, RoundStarted) for e in events)
        finished.extend(e for e in events if isinstance(e, GameFinished))
    assert rounds_started == state.rounds_total == (10 if players == 5 else 12)
    _check_legal_end(state)
    assert len(finished) == 1
    ranking = final_ranking(state)
    assert finished[0].totals == tuple(score(state, i).total for i in range(players))
    assert finished[0].ranks == tuple(
        next(s.rank for s in ranking if s.seat == i) for i in range(players)
    )


@ENGINE_SETTINGS
@given(games, st.data())
def test_replay_equals_step_by_step_application(
    game: tuple[int, int, int], data: st.DataObject
) -> None:
    """A game is its seed and its log: replaying the notation rebuilds the same state."""
    seed, players, chooser = game
    final, log = playout(seed, players, random.Random(chooser))
    moves = [(seat, str(action)) for seat, action in log]
    result = replay(seed, players, moves)
    assert (result.state, result.applied, result.error) == (final, len(log), None)
    # Stopping anywhere gives the state after that prefix.
    cut = data.draw(st.integers(0, len(log)))
    state = new_game(seed, players)
    for seat, action in log[:cut]:
        state, _ = apply(state, seat, action)
    assert replay(seed, players, moves[:cut]).state == state


def test_replay_stops_at_the_first_bad_move() -> None:
    """The longest valid prefix plus the first error."""
    final, log = playout(5, 3, random.Random(5))
    moves = [(seat, str(action)) for seat, action in log]
    first_end = next(i for i, (_, text) in enumerate(moves) if text == "end")
    broken = [*moves[:first_end], (0, "s 99,99"), *moves[first_end:]]
    result = replay(5, 3, broken)
    assert result.applied == first_end
    assert isinstance(result.error, IllegalAction)
    assert result.state == replay(5, 3, moves[:first_end]).state
    garbled = replay(5, 3, [*moves[:3], (1, "hello")])
    assert isinstance(garbled.error, InvalidNotation)
    assert garbled.applied == 3 and garbled.error.code == "not_notation"
    assert replay(5, 3, moves[:first_end] + [(None, "end")] * 2).applied == first_end + 1
    assert final.phase is Phase.FINISHED


def test_a_finished_game_refuses_every_move() -> None:
    final, _ = playout(8, 2, random.Random(8))
    moves: list[tuple[int | None, Action]] = [(None, EndRound()), (0, PlaceSheep(0, 0))]
    for seat, action in moves:
        try:
            apply(final, seat, action)
        except IllegalAction as error:
            assert error.code == "game_over" and not error.params
        else:  # pragma: no cover
            raise AssertionError("a finished game accepted a move")
