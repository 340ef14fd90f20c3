"""Points per table, tie-breaks and standings: pure functions of the tables' results.

The rule, as the event page writes it:

- At a table of *n* players (bots count), first place is worth 2 points, last place 0, and
  every place between 1. Players who share a rank share the points of the places they cover.
- A bye is worth 1 point, with no game score and no opponents.
- Standings: points, then total game score, then the opponents' points (the sum of the points
  of every entrant one sat with), then the rating at sign-up, then the name.

>>> place_points([1, 2, 3])
[Fraction(2, 1), Fraction(1, 1), Fraction(0, 1)]
>>> place_points([1, 1, 3, 4])
[Fraction(3, 2), Fraction(3, 2), Fraction(1, 1), Fraction(0, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

BYE_POINTS = Fraction(1)


def place_value(place: int, players: int) -> Fraction:
    """What finishing in ``place`` (1 = first) of ``players`` is worth, before sharing."""
    if place == 1:
        return Fraction(2)
    return Fraction(0) if place == players else Fraction(1)


def place_points(ranks: Sequence[int]) -> list[Fraction]:
    """The points of each seat of a table from its ranks (1 = first; equal ranks are shared,
    the next rank after a tie skips the places the tie covered, as the engine ranks)."""
    players = len(ranks)
    result = []
    for rank in ranks:
        sharing = sum(1 for other in ranks if other == rank)
        covered = range(rank, rank + sharing)
        result.append(sum((place_value(p, players) for p in covered), Fraction(0)) / sharing)
    return result


@dataclass(frozen=True)
class Finish:
    """One seat of a finished table: the entrant (None for a bot), its rank and total score."""

    entrant: int | None
    rank: int
    score: int


@dataclass(frozen=True)
class Standing:
    """An entrant's line in the standings."""

    entrant: int
    points: Fraction = Fraction(0)
    score: int = 0
    opponents: Fraction = Fraction(0)
    tables: int = 0
    byes: int = 0


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    score: int = 0
    tables: int = 0
    byes: int = 0
    met: list[int] = field(default_factory=list)


def _line(pk: int, mine: _Tally, tally: dict[int, _Tally]) -> Standing:
    opponents = sum((tally[other].points for other in mine.met), Fraction(0))
    return Standing(pk, mine.points, mine.score, opponents, mine.tables, mine.byes)


def standings(
    entrants: Sequence[tuple[int, int, str]],
    tables: Iterable[Sequence[Finish]],
    byes: Iterable[int] = (),
) -> list[Standing]:
    """The entrants, best first. ``entrants`` are ``(id, rating, name)``; ``tables`` the
    finished tables (each a list of its seats); ``byes`` one entrant id per bye given."""
    tally = {pk: _Tally() for pk, _rating, _name in entrants}
    for table in tables:
        points = place_points([seat.rank for seat in table])
        people = [seat.entrant for seat in table if seat.entrant is not None]
        for seat, won in zip(table, points, strict=True):
            if seat.entrant is None or seat.entrant not in tally:
                continue
            mine = tally[seat.entrant]
            mine.points += won
            mine.score += seat.score
            mine.tables += 1
            mine.met.extend(o for o in people if o != seat.entrant and o in tally)
    for pk in byes:
        if pk in tally:
            tally[pk].points += BYE_POINTS
            tally[pk].byes += 1
    lines = {pk: _line(pk, t, tally) for pk, t in tally.items()}
    order = sorted(
        entrants,
        key=lambda e: (
            -lines[e[0]].points, -lines[e[0]].score, -lines[e[0]].opponents, -e[1], e[2].lower()
        ),
    )  # fmt: skip
    return [lines[pk] for pk, _rating, _name in order]


def shown(points: Fraction) -> str:
    """Points as the standings print them: whole numbers plain, the rest to two places.

    >>> shown(Fraction(3)), shown(Fraction(3, 2)), shown(Fraction(2, 3))
    ('3', '1.5', '0.67')
    """
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0")
