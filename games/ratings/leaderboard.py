"""What ``/leaderboard/`` shows: the best ratings of a pool, or who finished most tables this
month. A constant number of queries, however many people play."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext_lazy

from accounts.models import Profile
from games.access import Viewer, tables_known_to
from games.challenge.standing import TOP as CHALLENGE_TOP
from games.challenge.standing import Standing, standings
from games.models import GameStatus, GameVariant, Seat, SeatKind
from games.models.ratings import Rating, RatingPool
from games.ratings.scale import SETTLED_GAMES, Shown, shown_rating

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TOP = 50
MONTH = "month"
CHALLENGE = "challenge"
#: The tabs in their order: the key in ``?tab=`` and the words on it.
TABS: tuple[tuple[str, StrOrPromise], ...] = (
    (RatingPool.TWO.value, gettext_lazy("2 players")),
    (RatingPool.MULTI.value, gettext_lazy("3–5 players")),
    (MONTH, gettext_lazy("Most games finished this month")),
    (CHALLENGE, gettext_lazy("Weekly challenge")),
)


@dataclass(frozen=True)
class RatedRow:
    rank: int | None  # None while the rating is provisional: not in the ranking yet
    profile: Profile
    rating: Shown
    wins: int
    finish_rate: int | None  # percent of their finished tables they played to the end
    me: bool

    @property
    def games_to_go(self) -> int:
        """Rated tables still to play before the row enters the ranking."""
        return max(0, SETTLED_GAMES - self.rating.games)


@dataclass(frozen=True)
class FinishedRow:
    rank: int
    profile: Profile
    finished: int
    me: bool


@dataclass(frozen=True)
class Board:
    tab: str
    rated: list[RatedRow]
    finished: list[FinishedRow]
    # The viewer's own row when they are rated in this pool but outside the top, or not in
    # the ranking yet (provisional, with the rated tables they still need).
    mine: RatedRow | None = None
    standings: list[Standing] = field(default_factory=list)

    @property
    def title(self) -> StrOrPromise:
        return dict(TABS)[self.tab]


def tab_of(asked: str | None) -> str | None:
    """The tab ``?tab=`` asks for (the first when none is), or None for one that is not there."""
    if not asked:
        return TABS[0][0]
    return asked if asked in dict(TABS) else None


def finish_rates(user_ids: list[int], viewer: Viewer) -> dict[int, int]:
    """Per person, the share (%) of their finished tables (those ``viewer`` may know of) they
    still played themselves at the end rather than leaving their seat to the autopilot. One
    query."""
    rows = (
        Seat.objects.filter(
            tables_known_to(viewer), user_id__in=user_ids, game__status=GameStatus.FINISHED
        )
        .values("user_id")
        .annotate(tables=Count("id"), kept=Count("id", filter=Q(absent=False)))
    )
    return {row["user_id"]: round(100 * row["kept"] / row["tables"]) for row in rows}


def _eligible(pool: str) -> QuerySet[Rating]:
    return Rating.objects.filter(pool=pool, games__gte=SETTLED_GAMES, user__is_active=True)


def rated_board(pool: str, viewer: User | AnonymousUser) -> Board:
    """The top of a pool by ordinal, and the viewer's own row below it when they are further
    down or still provisional. Two queries, two more for a viewer outside the top (three when
    they are ranked)."""
    top = list(
        _eligible(pool).select_related("user__profile").order_by("-ordinal", "user_id")[:TOP]
    )
    ids = [rating.user_id for rating in top]
    mine_rating = None
    if viewer.is_authenticated and viewer.pk not in ids:
        mine_rating = (
            Rating.objects.filter(pool=pool, user_id=viewer.pk, games__gt=0)
            .select_related("user__profile")
            .first()
        )
    rates = finish_rates([*ids, *([mine_rating.user_id] if mine_rating else [])], viewer)
    rows = [_row(i, rating, rates, viewer) for i, rating in enumerate(top, start=1)]
    mine = None
    if mine_rating is not None and mine_rating.games < SETTLED_GAMES:
        mine = _row(None, mine_rating, rates, viewer)
    elif mine_rating is not None:
        above = _eligible(pool).filter(
            Q(ordinal__gt=mine_rating.ordinal)
            | Q(ordinal=mine_rating.ordinal, user_id__lt=mine_rating.user_id)
        )
        mine = _row(above.count() + 1, mine_rating, rates, viewer)
    return Board(pool, rows, [], mine)


def _row(
    rank: int | None, rating: Rating, rates: dict[int, int], viewer: User | AnonymousUser
) -> RatedRow:
    return RatedRow(
        rank=rank,
        profile=rating.user.profile,
        rating=shown_rating(rating.mu, rating.sigma, rating.games),
        wins=rating.wins,
        finish_rate=rates.get(rating.user_id),
        me=rating.user_id == viewer.pk,
    )


def month_start(now: datetime) -> datetime:
    """Midnight on the first of ``now``'s month (the site's months are in UTC)."""
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def finished_board(now: datetime, viewer: User | AnonymousUser) -> Board:
    """Who played most tables without bots to the end since the month began, counting the
    tables ``viewer`` may know of (an invite-only table only for its own players). One query."""
    with_bot = Seat.objects.filter(game=OuterRef("game_id"), kind=SeatKind.BOT)
    counted = (
        Seat.objects.filter(
            tables_known_to(viewer),
            user__is_active=True,
            absent=False,
            game__status=GameStatus.FINISHED,
            game__finished_at__gte=month_start(now),
            game__variant=GameVariant.STANDARD,  # a challenge entry is not a table
        )
        .filter(~Exists(with_bot))
        .values("user_id", "user__profile__display_name")
        .annotate(finished=Count("id"))
        .order_by("-finished", "user__profile__display_name")[:TOP]
    )
    rows = [
        FinishedRow(
            rank=i,
            profile=Profile(
                user_id=row["user_id"], display_name=row["user__profile__display_name"]
            ),
            finished=row["finished"],
            me=row["user_id"] == viewer.pk,
        )
        for i, row in enumerate(counted, start=1)
    ]
    return Board(MONTH, [], rows)


def challenge_board(viewer: User | AnonymousUser) -> Board:
    """The duplicate rating: mean percentile over the last scored weeks. One query."""
    ranked = standings(viewer)
    top = ranked[:CHALLENGE_TOP]
    mine = next((s for s in ranked[CHALLENGE_TOP:] if s.me), None)
    return Board(CHALLENGE, [], [], standings=top + ([mine] if mine else []))
