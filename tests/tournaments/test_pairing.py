"""Seating a round: nobody at a table with someone they met while a seating avoids it, byes
spread fairly, every entrant seated exactly once (Hypothesis, against brute force)."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.pairing import Pair, groups, pairs_of, repeats, swiss_round, table_sizes


def _partitions(people: list[int], size: int) -> list[list[tuple[int, ...]]]:
    """Every way to split ``people`` into tables of ``size`` (brute force, small numbers)."""
    if not people:
        return [[]]
    first, rest = people[0], people[1:]
    found: list[list[tuple[int, ...]]] = []
    for others in combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        found.extend([(first, *others), *tail] for tail in _partitions(left, size))
    return found


histories = st.integers(2, 10).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.integers(2, 4),
        st.lists(st.permutations(range(n)), max_size=3),
    )
)


@settings(max_examples=60, deadline=None)
@given(histories)
def test_no_pair_meets_twice_while_a_seating_avoids_it(
    history: tuple[int, int, list[list[int]]],
) -> None:
    n, size, earlier = history
    met: set[Pair] = set()
    for shuffled in earlier:  # earlier rounds: any tables of ``size``
        for start in range(0, n - n % size, size):
            met |= pairs_of(shuffled[start : start + size])
    seating = swiss_round(list(range(n)), size, met, {}, bots=False)
    seated = [pk for table in seating.tables for pk in table]
    assert sorted(seated + list(seating.byes)) == list(range(n))
    assert all(len(table) == size for table in seating.tables) or n < size
    playing = [pk for pk in range(n) if pk not in seating.byes]
    best = min(repeats(p, met) for p in _partitions(playing, len(seating.tables[0])))
    if seating.tables and len(playing) % size == 0:
        assert repeats(seating.tables, met) == best


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 14),
    st.integers(2, 5),
    st.lists(st.randoms(use_true_random=False), min_size=1, max_size=8),
)
def test_byes_go_round_before_anyone_has_a_second(
    n: int, size: int, orders: list[random.Random]
) -> None:
    had: dict[int, int] = {}
    met: set[Pair] = set()
    for rng in orders:
        order = list(range(n))
        rng.shuffle(order)
        seating = swiss_round(order, size, met, had, bots=False)
        assert len(seating.byes) == (n % size if n >= size else len(seating.byes))
        for pk in seating.byes:
            had[pk] = had.get(pk, 0) + 1
        for table in seating.tables:
            met |= pairs_of(table)
        counts = [had.get(pk, 0) for pk in range(n)]
        assert max(counts) - min(counts) <= 1


@given(st.integers(2, 40), st.integers(2, 5))
def test_bots_fill_seats_instead_of_byes_one_table_at_a_time(n: int, size: int) -> None:
    seating = swiss_round(list(range(n)), size, set(), {}, bots=True)
    assert not seating.byes
    assert all(len(t) + b == size for t, b in zip(seating.tables, seating.bots, strict=True))
    assert max(seating.bots) - min(seating.bots) <= 1
    assert sum(len(t) for t in seating.tables) == n


def test_the_first_round_seats_the_best_rated_together() -> None:
    seating = swiss_round([9, 8, 7, 6, 5, 4], 3, set(), {}, bots=False)
    assert seating.tables == ((9, 8, 7), (6, 5, 4))


def test_it_settles_for_fewest_repeats_when_every_seating_repeats() -> None:
    met = {frozenset(p) for p in combinations(range(4), 2)}  # everyone met everyone
    seating = swiss_round([0, 1, 2, 3], 2, met, {}, bots=False)
    assert repeats(seating.tables, met) == 2


@given(st.integers(3, 25), st.integers(2, 5))
def test_groups_are_no_bigger_than_a_table_and_differ_by_one_at_most(n: int, size: int) -> None:
    dealt = groups(list(range(n)), size, bots=False)
    lengths = [len(t) for t in dealt.tables]
    assert max(lengths) <= size and max(lengths) - min(lengths) <= 1
    assert sorted(pk for t in dealt.tables for pk in t) == list(range(n))
    assert table_sizes(n, size, bots=False) == [size] * (n // size) or n < size
