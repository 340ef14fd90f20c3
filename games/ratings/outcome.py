"""What a finished rated table did to each person's rating, as the final page and the "table
is over" mail tell it: the shown rating before and after, and how many rated games the person
has played in the pool with this table (a rating is provisional until
:data:`~games.ratings.scale.SETTLED_GAMES`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce

from games.models import Game, Seat
from games.models.ratings import Rating, RatingChange, RatingPool
from games.ratings.scale import SETTLED_GAMES, shown

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class TableRating:
    """One person's rating before and after a table, on the scale people see."""

    seat: Seat
    pool: str
    before: int
    after: int
    games: int  # their rated games in the pool, this table included

    @property
    def change(self) -> int:
        """The move on the shown scale, so that ``before + change == after`` as printed."""
        return self.after - self.before

    @property
    def provisional(self) -> bool:
        return self.games < SETTLED_GAMES

    @property
    def settled_now(self) -> bool:
        """This table was the one that brought the person onto the leaderboard."""
        return self.games == SETTLED_GAMES

    @property
    def settled_games(self) -> int:
        return SETTLED_GAMES

    @property
    def pool_label(self) -> StrOrPromise:
        return RatingPool(self.pool).label


def table_ratings(game: Game) -> list[TableRating]:
    """The rating changes of ``game``'s people, in seat order (none before the table is rated,
    none for a seat whose person deleted their account). One query."""
    # Counted back from the person's rating now: less the tables rated after this one (their
    # changes have larger ids, since a person's rating row is locked while a table is rated).
    now = Rating.objects.filter(user_id=OuterRef("seat__user_id"), pool=OuterRef("pool"))
    later = (
        RatingChange.objects.filter(
            seat__user_id=OuterRef("seat__user_id"), pool=OuterRef("pool"), pk__gt=OuterRef("pk")
        )
        .values("seat__user_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    changes = (
        RatingChange.objects.filter(game=game, seat__user__isnull=False)
        .select_related("seat__user__profile")
        .annotate(
            games=Coalesce(Subquery(now.values("games")), 0, output_field=IntegerField())
            - Coalesce(Subquery(later), 0, output_field=IntegerField())
        )
        .order_by("seat__position")
    )
    return [
        TableRating(
            seat=change.seat,
            pool=change.pool,
            before=shown(change.ordinal_before),
            after=shown(change.ordinal_after),
            games=change.games,
        )
        for change in changes
    ]
