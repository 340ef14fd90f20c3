"""R2 setup and R4.1 the spin."""

from __future__ import annotations

import random

import pytest

from engine import HOMETOWNS, GameState, Phase, new_game, pending
from engine.rules import spin_for


def test_the_same_seed_gives_the_same_game() -> None:
    """R2.1: every random event comes from the seed."""
    assert new_game(7, 4) == new_game(7, 4)
    assert new_game(7, 4).bag != new_game(8, 4).bag


def test_the_engine_never_touches_the_global_random_generator() -> None:
    """R2.1: only generators seeded with the game's seed."""
    random.seed(1)
    first = new_game(11, 3)
    before = random.getstate()
    random.seed(2)
    assert new_game(11, 3) == first
    random.seed(1)
    new_game(11, 3)
    assert random.getstate() == before


@pytest.mark.parametrize(("players", "rounds"), [(2, 12), (3, 12), (4, 12), (5, 10)])
def test_the_number_of_rounds_depends_on_the_players(players: int, rounds: int) -> None:
    """R2.2: 12 rounds with 2-4 players, 10 with 5."""
    state = new_game(3, players)
    assert (state.players, state.rounds_total, state.round) == (players, rounds, 1)
    assert state.phase is Phase.PLAYING


@pytest.mark.parametrize("players", [1, 6, 0])
def test_it_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        new_game(1, players)


def test_all_five_areas_are_filled_from_the_shuffled_bag() -> None:
    """R2.3: 60 tiles in random order; two per area whatever the player count."""
    state = new_game(5, 2)
    in_areas = [t for area in state.areas for t in area if t is not None]
    assert len(state.areas) == 5 and len(in_areas) == 10
    assert sorted([*in_areas, *state.bag]) == list(range(60))
    assert len(state.bag) == 50
    assert list(state.bag) != sorted(state.bag)


def test_each_player_gets_a_different_hometown_with_a_random_side() -> None:
    """R2.4: different hometowns, random sides, barrels on 0, no marker."""
    sides = set()
    for seed in range(20):
        state = new_game(seed, 5)
        arms = [s.arms for s in state.seats]
        assert sorted(arms) == [0, 1, 2, 3, 4]
        for s in state.seats:
            assert s.barrel == 0 and not s.turn_done and s.taken is None
            assert len(s.display) == 9
            assert {(x, y) for x, y in s.display} == {
                (q.x, q.y) for q in HOMETOWNS[s.hometown].squares
            }
            sides.add(s.hometown % 2)
        assert state.marker is None
    assert sides == {0, 1}


def test_the_bonus_stack_is_shuffled_and_the_supplies_full() -> None:
    """R2.4 and R1: 12 bonus tiles face down, 24 sheep, 12 towers."""
    state = new_game(9, 3)
    assert sorted(state.bonus_stack) == list(range(12))
    assert (state.sheep_supply, state.tower_supply) == (24, 12)
    assert 0 <= state.start_player < 3
    assert len({new_game(s, 3).bonus_stack for s in range(10)}) > 1


def test_round_one_begins_with_the_first_spin_done() -> None:
    """R4.1: each player takes the area (arms + spin) mod 5; no two share an area."""
    state = new_game(4, 5)
    assert 0 <= state.spin < 5
    areas = [state.area_of(i) for i in range(5)]
    assert sorted(areas) == [0, 1, 2, 3, 4]
    for i, s in enumerate(state.seats):
        assert areas[i] == (s.arms + state.spin) % 5
        assert pending(state, i).tiles == state.areas[areas[i]]


def test_spins_of_later_rounds_come_from_the_seed() -> None:
    """R2.1: the wheel spins are reproducible and vary."""
    spins = [spin_for(12, r) for r in range(2, 13)]
    assert spins == [spin_for(12, r) for r in range(2, 13)]
    assert len(set(spins)) > 1


def test_the_round_start_snapshot_is_the_start_position() -> None:
    state = new_game(2, 3)
    assert state.start.seats == state.seats
    assert state.start.areas == state.areas
    assert GameState.from_json(state.to_json()) == state
