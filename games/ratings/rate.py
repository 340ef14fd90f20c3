"""Rate a finished table: once, in one transaction, whatever the number of deliveries.

Which tables count: those created as rated, with at least 2 people at them. Every seat takes
part in the update in the final order (equal totals share a rank, R6.3), but only people's
ratings change: a bot plays with its level's fixed numbers (:mod:`games.ratings.scale`), and so
does a person who was on vacation for more than a quarter of their rounds (they are left out of
the update for that table; the others are still rated against them), or a former player.

Missed deadlines never protect a rating: a result the autopilot finished because the person
stopped playing is rated like any other. Only vacation is exempt, at a table that allows it.
The log does not say why the autopilot played a round, so :func:`left_out` reads it from the
log's times, which never change afterwards (the vacation dates in a profile do: a person clears
them on coming back, or could enter past days once the table goes badly):

- the autopilot plays a missed turn at the round's deadline, but an away seat's turn as soon
  as the round starts (:mod:`games.services.bots`);
- a seat is away at a round start either on vacation or because it is absent, which it becomes
  only after :data:`~games.services.deadlines.ABSENT_AFTER` missed deadlines in a row (and
  stops being when the person plays); the log shows those too, so an absent seat's rounds are
  not taken for vacation.

The table is claimed with a conditional ``UPDATE`` of ``Game.rated_at``; a second delivery, or
the sweep, finds it claimed and does nothing. A crash rolls the claim back with the rest, and
the unique ``(game, seat)`` of ``RatingChange`` stands guard behind it.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from django.db import transaction
from django.db.models import Count, Min, Q
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Action, ActionSource, Game, GameStatus, Seat, SeatKind
from games.ratings.cache import ratings_changed
from games.ratings.models import Rating, RatingChange
from games.ratings.scale import (
    AUTOPILOT_LIMIT,
    START_MU,
    START_SIGMA,
    bot_skill,
    ordinal,
    pool_for,
)
from games.services.deadlines import ABSENT_AFTER

_MODEL = PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def left_out(game: Game) -> set[int]:
    """The positions of people on vacation for more than a quarter of their rounds: the
    autopilot played those rounds as they started, while the seat was not absent. One query,
    none at a table that allows no vacation."""
    if not game.allow_vacation:
        return set()
    rows = list(
        Action.objects.filter(game=game)
        .values("seat", "round")
        .annotate(
            at=Min("created_at"),
            autopilot_at=Min("created_at", filter=Q(source=ActionSource.AUTOPILOT)),
            played=Count("pk", filter=Q(source=ActionSource.PLAYER)),
        )
        .order_by("round", "seat")
    )
    # A round starts when the one before it ends (its system action), the first at the start.
    ends = {row["round"]: row["at"] for row in rows if row["seat"] is None}
    # Turns the autopilot plays for away seats come within minutes of the start, missed ones
    # at the deadline: half a round apart tells them apart with room to spare.
    early = game.round_length / 2
    rounds: Counter[int] = Counter()
    away: Counter[int] = Counter()
    missed_in_a_row: Counter[int] = Counter()
    for row in rows:
        seat, autopilot_at = row["seat"], row["autopilot_at"]
        if seat is None:
            continue
        rounds[seat] += 1
        if row["played"]:
            missed_in_a_row[seat] = 0  # playing takes the seat back (games.services.turns)
        if autopilot_at is None:
            continue
        started = ends.get(row["round"] - 1, game.started_at)
        if started is None or autopilot_at >= started + early:
            missed_in_a_row[seat] += 1
        elif missed_in_a_row[seat] < ABSENT_AFTER:
            away[seat] += 1
    return {seat for seat, n in rounds.items() if away[seat] > AUTOPILOT_LIMIT * n}


def counts(seats: list[Seat]) -> bool:
    """Whether a finished table with these seats moves ratings: 2 or more people sat at it."""
    return sum(seat.kind == SeatKind.PERSON for seat in seats) >= 2


@transaction.atomic
def rate_game(game_id: int, *, now: datetime | None = None) -> int:
    """Update the ratings of the people at a finished rated table, once. Returns how many
    ratings changed (0 when the table does not count or was rated already)."""
    now = now or timezone.now()
    claimed = Game.objects.filter(
        pk=game_id, status=GameStatus.FINISHED, rated=True, rated_at__isnull=True
    ).update(rated_at=now)
    if not claimed:
        return 0
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
