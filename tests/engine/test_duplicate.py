"""The duplicate variant: every entrant of a seed faces the same offers, whatever they choose."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import EndRound, GameState, Phase, Variant, apply, new_game, replay, round_complete
from engine.variants import duplicate_bonus_stack
from tests.engine.helpers import ENGINE_SETTINGS, random_seat_move


def _offers_of_an_entry(seed: int, chooser: int) -> tuple[list[object], GameState]:
    """Play a whole entry with random legal choices; record what was offered each round."""
    rng = random.Random(chooser)
    state = new_game(seed, 1, Variant.DUPLICATE)
    offers: list[object] = []
    while state.phase is Phase.PLAYING:
        if state.seats[0].taken is None and not state.seats[0].turn_done:
            offers.append((state.round, state.areas[state.area_of(0)], state.bonus_stack))
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
        else:
            state, _ = apply(state, 0, random_seat_move(state, 0, rng))
    return offers, state


@ENGINE_SETTINGS
@given(seed=st.integers(0, 2**40), first=st.integers(0, 10**6), second=st.integers(0, 10**6))
def test_it_offers_two_entries_that_choose_differently_the_same_tiles_every_round(
    seed: int, first: int, second: int
) -> None:
    offers_a, end_a = _offers_of_an_entry(seed, first)
    offers_b, end_b = _offers_of_an_entry(seed, second)
    assert len(offers_a) == 12
    assert offers_a == offers_b
    assert end_a.seats[0].hometown == end_b.seats[0].hometown


def test_it_sets_the_tile_not_taken_aside_at_the_end_of_the_round() -> None:
    state = new_game(5, 1, Variant.DUPLICATE)
    area = state.area_of(0)
    left_behind = state.areas[area][1]
    rng = random.Random(1)
    while not round_complete(state):
        state, _ = apply(state, 0, random_seat_move(state, 0, rng))
    state, _ = apply(state, None, EndRound())
    assert left_behind not in [t for a in state.areas for t in a]
    assert left_behind not in state.bag


def test_it_draws_each_rounds_bonus_tiles_from_that_rounds_own_stack() -> None:
    state = new_game(5, 1, Variant.DUPLICATE)
    assert state.bonus_stack == duplicate_bonus_stack(5, 1)
    assert duplicate_bonus_stack(5, 1) != duplicate_bonus_stack(5, 2)


def test_it_plays_a_duplicate_game_alone_only() -> None:
    with pytest.raises(ValueError, match="one person"):
        new_game(5, 2, Variant.DUPLICATE)
    with pytest.raises(ValueError, match="2 to 5 players"):
        new_game(5, 1)


def test_it_replays_a_duplicate_game_from_its_seed_and_log() -> None:
    state = new_game(9, 1, Variant.DUPLICATE)
    rng = random.Random(3)
    log: list[tuple[int | None, str]] = []
    while state.phase is not Phase.FINISHED:
        seat, action = (
            (None, EndRound()) if round_complete(state) else (0, random_seat_move(state, 0, rng))
        )
        state, _ = apply(state, seat, action)
        log.append((seat, str(action)))
    result = replay(9, 1, log, Variant.DUPLICATE)
    assert result.error is None
    assert result.state == state
    assert GameState.from_json(state.to_json()) == state
