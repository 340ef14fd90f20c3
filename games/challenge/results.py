"""A week's leaderboard: every scored entry ranked by total, the viewer's rank and percentile.

Scores stay hidden from a person until their own entry is over (finished, or scored at the
week's end); anyone may see a week that has been scored. Equal totals share a rank (R6.3).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User

from accounts.models import Profile
from games.models import Game, GameStatus, Seat
from games.models.challenge import Challenge


@dataclass(frozen=True)
class Row:
    """One scored entry: ``finished`` is False for an entry scored as it stood at the end."""

    rank: int
    seat: Seat
    profile: Profile | None
    total: int
    finished: bool
    me: bool


@dataclass(frozen=True)
class WeekBoard:
    """What a viewer may see of a week: how many play, their entry, and the results if shown."""

    challenge: Challenge
    players: int
    entry: Game | None
    rows: tuple[Row, ...]
    revealed: bool

    @property
    def mine(self) -> Row | None:
        return next((row for row in self.rows if row.me), None)

    def row_of(self, seat_id: int) -> Row | None:
        return next((row for row in self.rows if row.seat.pk == seat_id), None)

    @property
    def percentile(self) -> int | None:
        """The share of the other scored entrants the viewer ranks above, 0–100 (100 alone)."""
        mine = self.mine
        if mine is None:
            return None
        return percentile(mine.total, [row.total for row in self.rows])


def percentile(total: int, totals: list[int]) -> int:
    """The share of the other entries of a week (``totals`` includes this one) that ``total``
    beats, 0–100; 100 for an entry alone.

    >>> percentile(50, [50, 40, 40, 60, 30]), percentile(60, [60]), percentile(30, [30, 50])
    (75, 100, 0)
    """
    return Percentiles(totals).of(total)


class Percentiles:
    """Every entry's percentile in a week (see :func:`percentile`), sorted once: each is then
    found by bisection, so a week of ``n`` entries costs ``n log n``, not ``n²``."""

    def __init__(self, totals: list[int]) -> None:
        self.ordered = sorted(totals)

    def of(self, total: int) -> int:
        others = len(self.ordered) - 1
        if not others:
            return 100
        return round(100 * bisect_left(self.ordered, total) / others)


def entry_over(entry: Game | None) -> bool:
    """Whether an entry can no longer change: finished, or scored at the week's end."""
    return entry is not None and entry.status in (GameStatus.FINISHED, GameStatus.CLOSED)


def week_board(challenge: Challenge, viewer: User | AnonymousUser) -> WeekBoard:
    """The week as ``viewer`` sees it. Three queries: the count of entries, the viewer's entry
    (none for a visitor), and the scored seats with their names when the results show."""
    players = Game.objects.filter(challenge=challenge).count()
    entry = None
    if viewer.is_authenticated:
        entry = Game.objects.filter(challenge=challenge, host=viewer).first()
    revealed = challenge.scored_at is not None or entry_over(entry)
    rows: tuple[Row, ...] = ()
    if revealed:
        seats = (
            Seat.objects.filter(game__challenge=challenge, score__isnull=False)
            .select_related("user__profile", "game")
            .order_by("pk")
        )
        rows = _ranked(list(seats), viewer.pk)
    return WeekBoard(challenge, players, entry, rows, revealed)


def _ranked(seats: list[Seat], viewer_id: int | None) -> tuple[Row, ...]:
    ordered = sorted(seats, key=lambda s: -_total(s))
    rows = []
    rank = 0
    previous: int | None = None
    for index, seat in enumerate(ordered, start=1):
        total = _total(seat)
        if total != previous:
            rank, previous = index, total
        profile = getattr(seat.user, "profile", None) if seat.user is not None else None
        rows.append(
            Row(
                rank=rank,
                seat=seat,
                profile=profile,
                total=total,
                finished=seat.game.status == GameStatus.FINISHED,
                me=viewer_id is not None and seat.user_id == viewer_id,
            )
        )
    return tuple(rows)


def _total(seat: Seat) -> int:
    return int((seat.score or {}).get("total", 0))


@dataclass(frozen=True)
class WeekPlace:
    """Where an entry stands in its week: ``rank`` of ``entries`` scored, for good once the
    week has been scored (until then more entries may come)."""

    rank: int
    entries: int
    final: bool


def week_places(seats: Iterable[Seat]) -> dict[int, WeekPlace]:
    """Each scored challenge entry among ``seats`` (a person's own, with their games and
    weeks) ranked in its week, by seat id, as the week's results rank it (equal totals share a
    rank). One query; none without a challenge entry."""
    entries = [s for s in seats if s.game.challenge_id is not None and s.score is not None]
    if not entries:
        return {}
    weeks = {s.game.challenge_id for s in entries}
    totals: dict[int, list[int]] = defaultdict(list)
    scored = Seat.objects.filter(game__challenge_id__in=weeks, score__isnull=False)
    for week, total in scored.values_list("game__challenge_id", "score__total"):
        totals[week].append(int(total or 0))
    places = {}
    for seat in entries:
        week_totals = totals[seat.game.challenge_id]  # type: ignore[index]
        mine = _total(seat)
        places[seat.pk] = WeekPlace(
            rank=1 + sum(total > mine for total in week_totals),
            entries=len(week_totals),
            final=seat.game.challenge.scored_at is not None,  # type: ignore[union-attr]
        )
    return places
