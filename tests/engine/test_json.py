"""The state's exact JSON round trip, at every kind of moment."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from engine import GameState, Phase, apply, new_game, view

from .helpers import ENGINE_SETTINGS, random_move


def _round_trips(state: GameState) -> None:
    text = state.to_json()
    assert isinstance(text, str)
    assert GameState.from_json(text) == state
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert GameState.from_json(text).to_json() == text


def test_a_new_game_round_trips() -> None:
    _round_trips(new_game(1, 4))


@ENGINE_SETTINGS
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(0, 10_000))
def test_states_and_views_round_trip_through_a_whole_game(
    seed: int, players: int, chooser: int
) -> None:
    """Every 7th state of a random game, its views, and the finished game."""
    rng = random.Random(chooser)
    state = new_game(seed, players)
    step = 0
    phases = set()
    while state.phase is not Phase.FINISHED:
        state, _ = apply(state, *random_move(state, rng))
        step += 1
        phases.add(state.phase)
        if step % 7 == 0:
            _round_trips(state)
            _round_trips(view(state, step % players))
            _round_trips(view(state, None))
    _round_trips(state)
    _round_trips(view(state, 0))
    assert Phase.FINISHED in phases


@ENGINE_SETTINGS
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(1, 60))
def test_a_state_stored_with_every_display_of_the_round_start_written_out_reads_the_same(
    seed: int, players: int, moves: int
) -> None:
    """A state stored by the site before a round's start wrote an unchanged display as ``null``
    still reads back; and a display unchanged since the round's start is written so."""
    rng = random.Random(seed)
    state = new_game(seed, players)
    for _ in range(moves):
        if state.phase is Phase.FINISHED:
            break
        state, _ = apply(state, *random_move(state, rng))
    data = state.to_dict()
    for i, (now, then) in enumerate(zip(state.seats, state.start.seats, strict=True)):
        start = data["start"]["seats"][i]
        assert (start["display"] is None) == (then.display == now.display)
        if start["display"] is None:
            start["display"] = data["seats"][i]["display"]
    assert GameState.from_dict(json.loads(json.dumps(data))) == state
