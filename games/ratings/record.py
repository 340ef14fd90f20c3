"""A person's record, for their public page: ratings with their history, results, score
categories, how reliably they play, and their finished tables. A constant number of queries.

Everything but the ratings is read through the viewer's lens (``games.access``): an invite-only
table counts only for a viewer who sat at it, and only rounds that are over count (R4.2)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.core.paginator import Page, Paginator
from django.db.models import (
    Avg,
    Count,
    Exists,
    F,
    FloatField,
    IntegerField,
    Max,
    OuterRef,
    Q,
    Subquery,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils.translation import ngettext, pgettext_lazy

from games.access import Viewer, rounds_over, tables_known_to
from games.challenge.standing import Standing, standing_of
from games.models import Action, ActionSource, GameStatus, GameVariant, Seat
from games.models.ratings import Rating, RatingChange, RatingPool
from games.ratings.scale import Shown, shown, shown_rating

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

HISTORY = 50
TABLES_PER_PAGE = 20
#: The rounds whose timing the "usually within" of the badge is taken from (the latest).
TIMED_ROUNDS = 200
#: The score categories of R6.2, as the scores table names them.
# Translators: the score categories of the final scoring (R6.2), as the scores table names them.
CATEGORIES: tuple[tuple[str, StrOrPromise], ...] = (
    ("area", pgettext_lazy("score category", "Area")),
    ("flock", pgettext_lazy("score category", "Flock")),
    ("marker", pgettext_lazy("score category", "Marker")),
    ("whiskey", pgettext_lazy("score category", "Whiskey")),
    ("stones", pgettext_lazy("score category", "Stone circles")),
    ("exploration", pgettext_lazy("score category", "Exploration")),
)


@dataclass(frozen=True)
class PoolRecord:
    pool: str
    label: StrOrPromise
    rating: Shown
    history: list[int]  # shown ratings, oldest first, the one before the first change included

    @property
    def line(self) -> str:
        """The history as the points of an SVG polyline in a 200 × 40 box."""
        return sparkline(self.history)


@dataclass(frozen=True)
class Category:
    label: StrOrPromise
    average: float
    share: int  # percent of the widest bar


@dataclass(frozen=True)
class Reliability:
    own_share: int  # percent of rounds the person played themselves
    usual: timedelta | None  # median time from a round's start to their turn's end

    @property
    def usually(self) -> str:
        """The median time in words: "within 40 minutes", "within 5 hours", "within 2 days"."""
        if self.usual is None:
            return ""
        minutes = max(1, round(self.usual.total_seconds() / 60))
        if minutes < 60:
            return ngettext("within %(n)d minute", "within %(n)d minutes", minutes) % {"n": minutes}
        hours = round(minutes / 60)
        if hours < 48:
            return ngettext("within %(n)d hour", "within %(n)d hours", hours) % {"n": hours}
        days = round(hours / 24)
        return ngettext("within %(n)d day", "within %(n)d days", days) % {"n": days}


@dataclass(frozen=True)
class Results:
    played: int  # tables started, in play or finished
    won: int
    finished: int  # finished tables they played to the end themselves
    average: float | None
    best: int | None


@dataclass(frozen=True)
class Record:
    pools: list[PoolRecord]
    results: Results
    categories: list[Category]
    reliability: Reliability | None
    tables: Page[Any]  # seats, each with its table's players and its rating move
    challenge: Standing | None = None  # the weekly challenge's own rating


def sparkline(values: list[int], width: int = 200, height: int = 40) -> str:
    """Points for an SVG polyline through ``values``, left to right, highest at the top.

    >>> sparkline([1000, 1100, 1050])
    '2.0,38.0 100.0,2.0 198.0,20.0'
    """
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (width - 4) / max(1, len(values) - 1)
    return " ".join(
        f"{2 + i * step:.1f},{height - 2 - (v - low) / span * (height - 4):.1f}"
        for i, v in enumerate(values)
    )


def record_of(user: User, page: str | None, viewer: Viewer) -> Record:
    """``user``'s record as ``viewer`` may know it."""
    return Record(
        pools=_pools(user),
        results=(results := _results(user, viewer))[0],
        categories=results[1],
        reliability=reliability(user, viewer),
        tables=finished_tables(user, page, viewer),
        challenge=standing_of(user),
    )


def _pools(user: User) -> list[PoolRecord]:
    """One query for the ratings, one per pool rated in for its history."""
    out = []
    order = list(RatingPool.values)  # two players first, as on the leaderboard
    for rating in sorted(Rating.objects.filter(user=user), key=lambda r: order.index(r.pool)):
        changes = list(
            RatingChange.objects.filter(seat__user=user, pool=rating.pool)
            .order_by("-created_at", "-pk")
            .values_list("ordinal_before", "ordinal_after")[:HISTORY]
        )[::-1]
        history = [shown(changes[0][0]), *(shown(after) for _, after in changes)] if changes else []
        out.append(
            PoolRecord(
                pool=rating.pool,
                label=RatingPool(rating.pool).label,
                rating=shown_rating(rating.mu, rating.sigma, rating.games),
                history=history,
            )
        )
    return out


def _score(part: str) -> Cast:
    return Cast(KT(f"score__{part}"), IntegerField())


def _results(user: User, viewer: Viewer) -> tuple[Results, list[Category]]:
    """Tables played, won and finished, totals and the average of each category. One query."""
    done = Q(game__status=GameStatus.FINISHED)
    row = Seat.objects.filter(
        tables_known_to(viewer),
        user=user,
        game__status__in=[GameStatus.PLAYING, GameStatus.FINISHED],
        game__variant=GameVariant.STANDARD,  # challenge entries have their own standing
    ).aggregate(
        played=Count("id"),
        won=Count("id", filter=done & Q(rank=1)),
        finished=Count("id", filter=done & Q(absent=False)),
        average=Avg(_score("total"), filter=done, output_field=FloatField()),
        best=Max(_score("total"), filter=done),
        **{
            part: Avg(_score(part), filter=done, output_field=FloatField())
            for part, _ in CATEGORIES
        },
    )
    widest = max((row[part] or 0 for part, _ in CATEGORIES), default=0) or 1
    categories = [
        Category(label, row[part], round(100 * row[part] / widest))
        for part, label in CATEGORIES
        if row[part] is not None
    ]
    results = Results(row["played"], row["won"], row["finished"], row["average"], row["best"])
    return results, categories


def reliability(user: User, viewer: Viewer) -> Reliability | None:
    """The share of rounds the person played themselves rather than the autopilot, and how
    long after a round began they usually finish their turn. Two queries.

    Only rounds that are over count: a round in play would tell, by a count that moves, that
    the person placed a tile with a sheep or a bonus tile still to come (R4.2)."""
    seats = Seat.objects.filter(tables_known_to(viewer), user=user)
    theirs = seats.filter(game=OuterRef("game_id"), position=OuterRef("seat"))
    # The tables first, so the log is read through its (game, seq) index, not scanned whole.
    mine = (
        Action.objects.filter(game__in=seats.values("game_id"))
        .filter(Exists(theirs))
        .filter(rounds_over())
    )
    round_key = F("game_id") * 1000 + F("round")
    counts = mine.aggregate(
        own=Count(round_key, distinct=True, filter=Q(source=ActionSource.PLAYER)),
        # Rounds on a declared vacation count neither way: being away is no unreliability.
        auto=Count(round_key, distinct=True, filter=Q(source=ActionSource.AUTOPILOT)),
    )
    if not counts["own"] + counts["auto"]:
        return None
    # A round begins when the one before it ends (the system's action), round 1 at the start.
    began = Action.objects.filter(
        game=OuterRef("game_id"), seat__isnull=True, round=OuterRef("round") - 1
    ).values("created_at")[:1]
    timed = (
        mine.filter(source=ActionSource.PLAYER)
        .values("game_id", "round")
        .annotate(done=Max("created_at"), began=Coalesce(Subquery(began), F("game__started_at")))
        .order_by("-done")[:TIMED_ROUNDS]
    )
    waits = [row["done"] - row["began"] for row in timed if row["began"] is not None]
    share = round(100 * counts["own"] / (counts["own"] + counts["auto"]))
    return Reliability(share, statistics.median(waits) if waits else None)


def finished_tables(user: User, page: str | None, viewer: Viewer) -> Page[Any]:
    """The person's finished tables that ``viewer`` may know of, latest first, with their rank,
    the number of players and what the table did to their rating. Two queries (the count and
    the page)."""
    change = RatingChange.objects.filter(seat=OuterRef("pk")).annotate(
        moved=F("ordinal_after") - F("ordinal_before")
    )
    seats = (
        Seat.objects.filter(
            tables_known_to(viewer),
            user=user,
            game__status=GameStatus.FINISHED,
            game__variant=GameVariant.STANDARD,
        )
        .select_related("game")
        .annotate(
            players=Subquery(
                Seat.objects.filter(game=OuterRef("game_id"))
                .values("game_id")
                .annotate(n=Count("id"))
                .values("n")[:1]
            ),
            moved=Subquery(change.values("moved")[:1]),
        )
        .order_by("-game__finished_at", "-game_id")
    )
    return Paginator(seats, TABLES_PER_PAGE).get_page(page)
