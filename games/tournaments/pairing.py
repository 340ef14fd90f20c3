"""Who sits with whom: pure functions from the standings to each round's tables.

Entrants are plain ids; "met" is the set of pairs that have already shared a table.

Swiss: the entrants in standings order (by rating in the first round) are seated at tables of
the event's size, the best together, with no two people at one table twice while any seating
avoids it. When the numbers do not divide, either bots fill the missing seats (if the host
allows), spread one a table, or the odd ones out get a bye: those with the fewest byes so far,
the lowest in the standings first.

Groups: the entrants by rating are dealt into groups of the table size, snake-wise, so each
group holds a fair share of the strong and the new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

Pair = frozenset[int]

#: How many partial seatings the search may try before it settles for fewest repeats.
SEARCH_BUDGET = 20_000


@dataclass(frozen=True)
class Seating:
    """One round: each table's entrants (standings order), its bots, and who sits out."""

    tables: tuple[tuple[int, ...], ...]
    bots: tuple[int, ...]  # per table, how many bot seats it adds
    byes: tuple[int, ...] = ()


def pairs_of(table: Sequence[int]) -> set[Pair]:
    """Every pair of people at one table.

    >>> sorted(sorted(p) for p in pairs_of([1, 2, 3]))
    [[1, 2], [1, 3], [2, 3]]
    """
    return {frozenset(pair) for pair in combinations(table, 2)}


def repeats(tables: Sequence[Sequence[int]], met: set[Pair] | frozenset[Pair]) -> int:
    """How many pairs of these tables have met before."""
    return sum(len(pairs_of(table) & met) for table in tables)


def table_sizes(people: int, size: int, *, bots: bool) -> list[int]:
    """How many people each table seats: full tables (the rest sit out), or, with bots,
    as many tables as it takes with the people spread evenly (bots fill the rest).

    >>> table_sizes(10, 3, bots=False), table_sizes(10, 3, bots=True)
    ([3, 3, 3], [3, 3, 2, 2])
    """
    if people < size:
        return [people] if people >= 2 or (bots and people == 1) else []
    if not bots:
        return [size] * (people // size)
    count = -(-people // size)
    return [people // count + (1 if i < people % count else 0) for i in range(count)]


def choose_byes(order: Sequence[int], count: int, had: Mapping[int, int]) -> list[int]:
    """The ``count`` entrants who sit out: fewest byes so far first, then the lowest placed.

    >>> choose_byes([1, 2, 3, 4], 1, {4: 1})
    [3]
    """
    place = {pk: i for i, pk in enumerate(order)}
    ranked = sorted(order, key=lambda pk: (had.get(pk, 0), -place[pk]))
    return sorted(ranked[:count], key=place.__getitem__)


def swiss_round(
    order: Sequence[int],
    size: int,
    met: set[Pair] | frozenset[Pair],
    had_byes: Mapping[int, int],
    *,
    bots: bool,
) -> Seating:
    """Seat one Swiss round of the entrants in ``order`` (best first) at tables of ``size``."""
    sizes = table_sizes(len(order), size, bots=bots)
    byes = choose_byes(order, len(order) - sum(sizes), had_byes)
    playing = [pk for pk in order if pk not in byes]
    tables = _seat(playing, sizes, met)
    return Seating(tables, tuple(size - len(t) if bots else 0 for t in tables), tuple(byes))


def _seat(
    order: Sequence[int], sizes: Sequence[int], met: set[Pair] | frozenset[Pair]
) -> tuple[tuple[int, ...], ...]:
    """Tables of ``sizes`` from ``order``: the first seating in standings order with the
    fewest repeated pairs (none while any seating avoids them). The search tries no repeat,
    then one, and so on; past its budget (many entrants who have nearly all met) it settles
    for what the greedy way finds."""
    greedy = _greedy(list(order), list(sizes), met)
    for allowed in range(repeats(greedy, met)):
        found, exhaustive = _search(list(order), list(sizes), met, allowed)
        if found is not None:
            return tuple(tuple(t) for t in found)
        if not exhaustive:
            break
    return tuple(tuple(t) for t in greedy)


def _search(
    order: list[int], sizes: list[int], met: set[Pair] | frozenset[Pair], allowed: int
) -> tuple[list[list[int]] | None, bool]:
    """The first seating (standings order) with at most ``allowed`` repeats, and whether the
    search looked at every seating (False when it ran out of budget)."""
    budget = [SEARCH_BUDGET]

    def fill(left: list[int], table_no: int, spare: int) -> list[list[int]] | None:
        if table_no == len(sizes):
            return []
        first, rest = left[0], left[1:]
        for others in combinations(rest, sizes[table_no] - 1):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            table = [first, *others]
            cost = len(pairs_of(table) & met)
            if cost > spare:
                continue
            remaining = [pk for pk in rest if pk not in others]
            tail = fill(remaining, table_no + 1, spare - cost)
            if tail is not None:
                return [table, *tail]
        return None

    if not sizes:
        return [], True
    found = fill(order, 0, allowed)
    return found, budget[0] >= 0


def _greedy(
    order: list[int], sizes: list[int], met: set[Pair] | frozenset[Pair]
) -> list[list[int]]:
    left = list(order)
    tables = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(left, key=lambda pk: sum(frozenset((pk, t)) in met for t in table))
            left.remove(best)
            table.append(best)
        tables.append(table)
    return tables


def groups(order: Sequence[int], size: int, *, bots: bool) -> Seating:
    """Deal the entrants in ``order`` (by rating, best first) into groups of at most ``size``,
    snake-wise: 1 2 3 3 2 1 1 2 3 … Each group plays one table, so every pair in a group meets.

    >>> groups([1, 2, 3, 4, 5, 6, 7], 3, bots=False).tables
    ((1, 6, 7), (2, 5), (3, 4))
    """
    count = max(1, -(-len(order) // size))
    dealt: list[list[int]] = [[] for _ in range(count)]
    for i, pk in enumerate(order):
        lap, step = divmod(i, count)
        dealt[step if lap % 2 == 0 else count - 1 - step].append(pk)
    tables = tuple(tuple(group) for group in dealt)
    return Seating(tables, tuple(size - len(t) if bots else 0 for t in tables))
