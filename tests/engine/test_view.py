"""R4.2: until the round ends, others see only that a player has finished."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    EndRound,
    GameState,
    IllegalAction,
    Phase,
    PlaceSheep,
    PlaceTile,
    PlaceTower,
    apply,
    new_game,
    pending,
    view,
)

from .helpers import ENGINE_SETTINGS, display, game, random_move, random_seat_move, with_seat


def _two_moves() -> tuple[GameState, GameState]:
    state = game(displays={0: display("P"), 1: display("M")}, area_tiles={0: (4, 20), 1: (1, 21)})
    after_0, _ = apply(state, 0, PlaceTile(1, 0, 1, 0))  # "GGGG", turn over
    after_1, _ = apply(after_0, 1, PlaceTile(0, 0, 1, 0))  # "+MM": a sheep to place
    return state, after_1


def test_others_see_only_that_a_turn_is_over() -> None:
    start, state = _two_moves()
    seen = view(state, 1)
    assert seen.seats[0] == replace(start.seats[0], turn_done=True)
    assert seen.seats[1] == state.seats[1]  # the viewer's own turn in full
    # Seat 0's tile stays visible in its area; seat 1's own tile has left.
    assert seen.areas[state.area_of(0)] == (4, 20)
    assert seen.areas[state.area_of(1)] == (None, 21)
    # Shared counters move only with the viewer's own turn: seat 1 took a sheep.
    assert seen.sheep_supply == 23
    assert view(state, 0).sheep_supply == 24
    assert view(state, 0).seats[1] == start.seats[1]


def test_no_one_can_change_a_display_through_a_view() -> None:
    """States and their views share displays, so a display's cells are read-only."""
    _, state = _two_moves()
    before = state.to_json()
    for viewer in (0, 1, None):
        cells = view(state, viewer).seats[0].display.cells
        with pytest.raises(TypeError):
            cells[(40, 40)] = cells[next(iter(cells))]  # type: ignore[index]
    assert state.to_json() == before


def test_a_spectator_sees_the_round_start_and_the_flags() -> None:
    start, state = _two_moves()
    seen = view(state, None)
    assert seen.seats == (replace(start.seats[0], turn_done=True), start.seats[1])
    assert seen.areas == start.areas
    assert seen.sheep_supply == start.sheep_supply


def test_everything_shows_once_the_round_has_ended() -> None:
    _, state = _two_moves()
    state, _ = apply(state, 1, PlaceSheep(1, 0))
    state, _ = apply(state, None, EndRound())
    for viewer in (0, 1, None):
        assert view(state, viewer).seats == state.seats
        assert view(state, viewer).areas == state.areas


def test_tower_placements_stay_hidden_until_the_game_ends() -> None:
    """R4.2 carried over to the tower step of R6.1."""
    state = game(
        displays={0: display("RRR"), 1: display("RRR")}, round=12, sheep_supply=20, bonus_stack=(5,)
    )
    for seat in (0, 1):
        state = with_seat(state, seat, turn_done=True)
    # Sheep and bonus tiles went during the last round: its start snapshot differs.
    state = replace(state, start=replace(state.start, sheep_supply=24, bonus=(3, 5)))
    state, _ = apply(state, None, EndRound())
    step_start = state.seats
    state, _ = apply(state, 0, PlaceTower(0, 1))
    assert view(state, 1).seats[0] == replace(step_start[0], turn_done=True)
    assert view(state, 1).sheep_supply == state.sheep_supply
    assert view(state, 1).bonus_stack == tuple(sorted(state.bonus_stack))
    assert view(state, 0).seats[0] == state.seats[0]
    state, _ = apply(state, 1, PlaceTower(3, 0))
    assert state.phase is Phase.FINISHED
    assert view(state, 1).seats == state.seats


def test_secrets_nobody_may_see_are_removed() -> None:
    """The seed, the bag order and the bonus stack order never reach a browser."""
    state = new_game(8, 3)
    seen = view(state, 0)
    assert seen.seed is None and seen.is_view
    assert seen.bag == tuple(sorted(state.bag))
    assert seen.bonus_stack == tuple(sorted(state.bonus_stack))
    assert str(state.bag)[1:-1] not in seen.to_json()


def test_a_view_lets_its_viewer_look_ahead_but_not_end_a_round() -> None:
    state = game(displays={0: display("M"), 1: display("M")}, area_tiles={0: (4, 20), 1: (3, 21)})
    seen = view(state, 0)
    ahead, _ = apply(seen, 0, PlaceTile(1, 0, 1, 0))
    ahead, _ = apply(ahead, 1, PlaceTile(1, 0, 1, 0))
    with pytest.raises(IllegalAction, match=r"^view_cannot_end_round"):
        apply(ahead, None, EndRound())


def _to_round(seed: int, players: int, rng: random.Random, rounds: int) -> GameState:
    state = new_game(seed, players)
    while state.round <= rounds and state.phase is Phase.PLAYING:
        if state.round == rounds and not any(s.turn_done for s in state.seats):
            break
        state, _ = apply(state, *random_move(state, rng))
    return state


def _finish_turn(state: GameState, seat: int, rng: random.Random, stop: int = 99) -> GameState:
    steps = 0
    while pending(state, seat).kind != "none" and steps < stop:
        state, _ = apply(state, seat, random_seat_move(state, seat, rng))
        steps += 1
    return state


@ENGINE_SETTINGS
@given(
    st.integers(0, 10_000),
    st.integers(2, 5),
    st.integers(0, 10_000),
    st.integers(1, 10),
    st.data(),
)
def test_a_view_never_reveals_another_seats_current_round(
    seed: int, players: int, chooser: int, rounds: int, data: st.DataObject
) -> None:
    """Whatever the others do after the viewer's turn, the viewer's view changes only in flags."""
    rng = random.Random(chooser)
    state = _to_round(seed, players, rng, rounds)
    viewer = data.draw(st.integers(0, players - 1))
    state = _finish_turn(state, viewer, rng)
    before = view(state, viewer)
    spectator_before = view(state, None)
    for other in range(players):
        if other != viewer:
            state = _finish_turn(state, other, rng, stop=data.draw(st.integers(1, 4)))
    after = view(state, viewer)
    flags = [s.turn_done for s in state.seats]

    def with_flags(seen: GameState) -> GameState:
        seats = zip(seen.seats, flags, strict=True)
        return replace(seen, seats=tuple(replace(s, turn_done=f) for s, f in seats))

    assert after == with_flags(before)
    assert after.to_json() == with_flags(before).to_json()
    assert view(state, None) == with_flags(spectator_before)
    for other in range(players):
        if other != viewer:
            assert after.seats[other] == replace(state.start.seats[other], turn_done=flags[other])
