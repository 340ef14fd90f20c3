"""Rate a finished table: once, in one transaction, whatever the number of deliveries.

Which tables count: those created as rated, with at least 2 people at them. Every seat takes
part in the update in the final order (equal totals share a rank, R6.3), but only people's
ratings change: a bot plays with its level's fixed numbers (:mod:`games.ratings.scale`), and so
does a person who was on vacation for more than a quarter of their rounds (they are left out of
the update for that table; the others are still rated against them), or a former player.

Missed deadlines never protect a rating: a result the autopilot finished because the person
stopped playing is rated like any other. Only vacation is exempt, at a table that allows it: the
autopilot logs a turn it plays for a person on vacation as ``VACATION``, at the moment it plays
it, so a vacation entered afterwards (once the table goes badly) changes nothing.

The table is claimed with a conditional ``UPDATE`` of ``Game.rated_at``; a second delivery, or
the sweep, finds it claimed and does nothing. A crash rolls the claim back with the rest, and
the unique ``(game, seat)`` of ``RatingChange`` stands guard behind it.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Action, ActionSource, Game, GameStatus, Seat, SeatKind
from games.models.ratings import Rating, RatingChange
from games.ratings.cache import ratings_changed
from games.ratings.scale import (
    AUTOPILOT_LIMIT,
    START_MU,
    START_SIGMA,
    bot_skill,
    ordinal,
    pool_for,
)
from games.streams.publish import table_changed

_MODEL = PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def left_out(game: Game) -> set[int]:
    """The positions of people on vacation for more than a quarter of their rounds (the
    autopilot logged those rounds ``VACATION``). Missed deadlines never leave anyone out. One
    query, none at a table that allows no vacation."""
    if not game.allow_vacation:
        return set()
    rounds = (
        Action.objects.filter(game=game, seat__isnull=False)
        .values("seat")
        .annotate(
            rounds=Count("round", distinct=True),
            away=Count("round", distinct=True, filter=Q(source=ActionSource.VACATION)),
        )
    )
    return {row["seat"] for row in rounds if row["away"] > AUTOPILOT_LIMIT * row["rounds"]}


def counts(seats: list[Seat]) -> bool:
    """Whether a finished table with these seats moves ratings: 2 or more people sat at it."""
    return sum(seat.kind == SeatKind.PERSON for seat in seats) >= 2


@transaction.atomic
def rate_game(game_id: int, *, now: datetime | None = None) -> int:
    """Update the ratings of the people at a finished rated table, once. Returns how many
    ratings changed (0 when the table does not count or was rated already)."""
    now = now or timezone.now()
    # The claim also moves the table's version: its final page, drawn (and kept) before the
    # ratings were in, is drawn again with them, and open pages fetch it at their next poll.
    claimed = Game.objects.filter(
        pk=game_id, status=GameStatus.FINISHED, rated=True, rated_at__isnull=True
    ).update(rated_at=now, version=F("version") + 1)
    if not claimed:
        return 0
    table_changed(game_id)
    game = Game.objects.get(pk=game_id)
    seats = list(game.seats.order_by("position"))
    if not counts(seats):
        return 0
    pool = pool_for(len(seats))
    skipped = left_out(game)
    # The people still holding their seats, by position; former players take part as newcomers.
    people = {s.position: s.user_id for s in seats if s.user_id is not None}
    rated = [s for s in seats if s.position in people and s.position not in skipped]
    if not rated:
        return 0
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=people[seat.position],
                pool=pool,
                mu=START_MU,
                sigma=START_SIGMA,
                ordinal=ordinal(START_MU, START_SIGMA),
                updated_at=now,
            )
            for seat in rated
        ],
        ignore_conflicts=True,
    )
    # Locked in one order (by person), so two tables rated at once never wait on each other.
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(pool=pool, user_id__in=people.values())
        .order_by("user_id")
    }
    before = [_skill(seat, ratings) for seat in seats]
    teams = [[_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = _MODEL.rate(teams, ranks=[float(seat.rank or len(seats)) for seat in seats])
    changes = []
    for seat in rated:
        rating = ratings[people[seat.position]]
        (mu, sigma), new = before[seat.position], after[seat.position][0]
        changes.append(
            RatingChange(
                game=game,
                seat=seat,
                pool=pool,
                mu_before=mu,
                sigma_before=sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                ordinal_before=ordinal(mu, sigma),
                ordinal_after=ordinal(new.mu, new.sigma),
                created_at=now,
            )
        )
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.ordinal = ordinal(new.mu, new.sigma)
        rating.games += 1
        rating.wins += seat.rank == 1
        rating.updated_at = now
    RatingChange.objects.bulk_create(changes)
    Rating.objects.bulk_update(
        [ratings[people[seat.position]] for seat in rated],
        ["mu", "sigma", "ordinal", "games", "wins", "updated_at"],
    )
    transaction.on_commit(ratings_changed)
    return len(rated)


def _skill(seat: Seat, ratings: dict[int, Rating]) -> tuple[float, float]:
    """The ``(mu, sigma)`` a seat takes part with: its bot's, its person's, or a newcomer's."""
    if seat.kind == SeatKind.BOT:
        return bot_skill(seat.bot)
    rating = ratings.get(seat.user_id) if seat.user_id is not None else None
    return (START_MU, START_SIGMA) if rating is None else (rating.mu, rating.sigma)


def rate_finished_games(*, now: datetime | None = None) -> int:
    """The sweep: rate every finished rated table whose rating message was lost. Returns how
    many tables it rated."""
    waiting = Game.objects.filter(
        status=GameStatus.FINISHED, rated=True, rated_at__isnull=True
    ).order_by("finished_at")
    return sum(rate_game(game_id, now=now) > 0 for game_id in waiting.values_list("pk", flat=True))
