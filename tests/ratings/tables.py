"""Finished tables written straight into the database, as the services leave them: seats with
their ranks and scores, and a log of one action per seat and round (who played it, and when)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import DateTimeField, ExpressionWrapper, F, Value

from accounts.models import Profile
from games.models import Action, ActionSource, Game, GameStatus, Seat, SeatKind
from games.models.ratings import Rating, RatingChange
from games.ratings.scale import ordinal, shown

#: When the tables of these tests start; each round lasts a day.
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
ROUNDS = 12


def score(total: int) -> dict[str, int]:
    """A score breakdown adding up to ``total`` (most of it area, as in most games)."""
    parts = {"flock": 4, "marker": 0, "whiskey": 6, "stones": 3, "exploration": 0}
    return {"area": total - sum(parts.values()), **parts, "total": total}


def finished_table(
    players: Sequence[User | str],
    totals: list[int],
    *,
    rated: bool = True,
    autopilot: dict[int, int] | None = None,
    vacation: dict[int, int] | None = None,
    hours_to_play: float = 2.0,
    finished_at: datetime | None = None,
) -> Game:
    """A finished table: ``players`` in seat order (a ``str`` is a bot of that level), their
    final ``totals`` (equal totals share a rank), ``autopilot`` rounds played for some seats
    (by position; ``vacation`` likewise, the person on vacation), each person playing
    ``hours_to_play`` after each round began."""
    autopilot = autopilot or {}
    started = (finished_at or T0 + timedelta(days=ROUNDS)) - timedelta(days=ROUNDS)
    game = Game.objects.create(
        host=next((p for p in players if isinstance(p, User)), None),
        status=GameStatus.FINISHED,
        seats_wanted=len(players),
        rated=rated,
        round=ROUNDS,
        started_at=started,
        finished_at=started + timedelta(days=ROUNDS),
    )
    ranks = [1 + sum(other > total for other in totals) for total in totals]
    for position, (who, total) in enumerate(zip(players, totals, strict=True)):
        Seat.objects.create(
            game=game,
            position=position,
            user=who if isinstance(who, User) else None,
            kind=SeatKind.PERSON if isinstance(who, User) else SeatKind.BOT,
            bot="" if isinstance(who, User) else who,
            rank=ranks[position],
            score=score(total),
        )
    Action.objects.bulk_create(
        Action(
            game=game,
            seq=seq,
            seat=position,
            round=1 + (seq - 1) // (len(players) + 1),
            notation="x",
            source=_source(
                position, 1 + (seq - 1) // (len(players) + 1), autopilot, vacation or {}
            ),
        )
        for seq, position in enumerate([*range(len(players)), None] * ROUNDS, start=1)
    )
    # Each round begins a day after the last; people play hours_to_play into it, and the
    # round ends (the system's action) when the day is out.
    day = Value(timedelta(days=1))
    began = Value(started) + (F("round") - 1) * day
    log = Action.objects.filter(game=game)
    log.filter(seat__isnull=False).update(
        created_at=ExpressionWrapper(
            began + Value(timedelta(hours=hours_to_play)), output_field=DateTimeField()
        )
    )
    log.filter(seat__isnull=True).update(
        created_at=ExpressionWrapper(began + day, output_field=DateTimeField())
    )
    return game


def _source(
    position: int | None, round_: int, autopilot: dict[int, int], vacation: dict[int, int]
) -> ActionSource:
    if position is None:
        return ActionSource.SYSTEM
    if round_ <= vacation.get(position, 0):
        return ActionSource.VACATION
    return ActionSource.AUTOPILOT if round_ <= autopilot.get(position, 0) else ActionSource.PLAYER


def rated(
    user: User, pool: str, mu: float, *, sigma: float = 2.0, games: int = 5, wins: int = 0
) -> Rating:
    """A rating as the ratings task would have left it after ``games`` tables."""
    return Rating.objects.create(
        user=user,
        pool=pool,
        mu=mu,
        sigma=sigma,
        ordinal=ordinal(mu, sigma),
        games=games,
        wins=wins,
        updated_at=T0,
    )


def onlooker(name: str) -> User:
    """A person with a profile who never logs in during the test (no password to hash)."""
    user = User.objects.create(username=name)
    Profile.objects.create(user=user, display_name=name)
    return user


def line_of(game: Game, user: User) -> str:
    """How the final page and the mail begin the change of ``user``'s rating at ``game``."""
    change = RatingChange.objects.get(game=game, seat__user=user)
    before, after = shown(change.ordinal_before), shown(change.ordinal_after)
    moved = after - before
    sign = f"+{moved}" if moved > 0 else f"−{-moved}" if moved < 0 else "±0"
    return f"Rating {before} → {after} ({sign}"
