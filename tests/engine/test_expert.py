"""The expert looks one round ahead over the offers the wheel may bring, built only from what
its seat may see, and plays as ``hard`` does where there is no round ahead."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import (
    EndRound,
    GameState,
    PendingKind,
    Phase,
    apply,
    new_game,
    pending,
    score,
    view,
)
from engine.bots import BOTS, choose, play_turn
from engine.bots.expert import ExpertBot, Offers
from engine.bots.outlook import Outlook


def _round(number: int, players: int, seed: int = 5) -> GameState:
    """The start of round ``number`` of a game of medium bots."""
    state = new_game(seed, players)
    while state.round < number:
        for seat in range(players):
            state, _ = play_turn("medium", state, seat, seed=seat)
        state, _ = apply(state, None, EndRound())
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_the_next_round_offers_every_area_once_with_tiles_the_seat_could_meet(
    players: int,
) -> None:
    state = view(_round(3, players), 0)
    after, _ = play_turn("hard", state, 0, seed=1)
    taken = after.seats[0].taken
    own = state.area_of(0)
    left = next(t for t in state.areas[own] if t != taken)
    next_rounds = Offers(state, 0, random.Random(2)).next_rounds(after, 0)

    assert sorted(s.area_of(0) for s in next_rounds) == [0, 1, 2, 3, 4]
    areas = next_rounds[0].areas
    assert all(s.areas == areas and s.round == state.round + 1 for s in next_rounds)
    assert all(pending(s, 0).kind is PendingKind.TILE for s in next_rounds)
    offered = [t for area in areas for t in area]
    assert None not in offered and max(Counter(offered).values()) == 1
    assert left in areas[own] and taken not in offered
    for seat in range(1, players):  # each other seat took one of its two tiles
        assert len(set(areas[state.area_of(seat)]) & set(state.areas[state.area_of(seat)])) == 1
    seen = {t for area in state.areas for t in area} | set(state.bag)
    assert set(offered) <= seen


def test_the_offers_do_not_depend_on_the_bags_secret_order() -> None:
    """The real state keeps the bag in draw order, a view sorts it: the offers are the same."""
    state = _round(4, 2)
    after, _ = play_turn("hard", state, 0, seed=1)
    one = Offers(state, 0, random.Random(3)).next_rounds(after, 0)
    two = Offers(view(state, 0), 0, random.Random(3)).next_rounds(view(after, 0), 0)
    assert state.bag != view(state, 0).bag
    assert [s.areas for s in one] == [s.areas for s in two]


def test_on_the_last_round_the_expert_counts_what_its_towers_will_fill() -> None:
    """R5.5 and R6.1: no round is left, so the final score decides, towers' holes included."""
    state = _round(12, 2)
    assert state.round == state.rounds_total and state.phase is Phase.PLAYING
    expert = BOTS["expert"]
    assert isinstance(expert, ExpertBot)
    for seat in range(2):
        seen = view(state, seat)
        outlook = Outlook(seen, seat, expert.hard.weights)
        ranked = expert.hard.ranked(seen, seat, random.Random(1), outlook)
        chosen = choose("expert", state, seat, seed=1)
        finals = {c.action: outlook.final(c.after) for c in ranked}
        assert finals[chosen] == max(finals.values())
        # towers are counted: a final value never falls below the score itself
        after = next(c.after for c in ranked if c.action == chosen)
        assert finals[chosen] >= score(after, seat).total - score(after, seat).marker
