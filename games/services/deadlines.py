"""Deadlines: nobody waits past one. The minute sweep, the autopilot, and forgotten tables.

At a round's deadline the autopilot (the ``expert`` bot) plays every turn still missing, each
action logged as ``AUTOPILOT``, and the round advances at once. A person the autopilot had to
play for :data:`ABSENT_AFTER` rounds in a row is marked absent: from then on their seat is
played as soon as each round starts (see :mod:`games.services.bots`) until they play again or
take the seat back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from games.engine_bridge import load_state
from games.models import LIVE_UP_TO_MINUTES, Game, GameStatus, Seat, SeatKind
from games.notifications.write import notify_autopilot, notify_table_closed
from games.services.bots import play_seat, play_waiting_seats
from games.services.errors import GameError
from games.services.record import close, locked_game, publish, save_state
from games.services.turns import advance_round

logger = logging.getLogger(__name__)

ABSENT_AFTER = 3
# At a live table the others are waiting at the table: two missed rounds are enough.
LIVE_ABSENT_AFTER = 2
# Bots are played by their own task as a round starts; the sweep steps in only after this long.
BOTS_PLAY_WITHIN = timedelta(minutes=1)
FORMING_FOR_AT_MOST = timedelta(days=14)


@dataclass(frozen=True)
class Swept:
    """What one sweep did."""

    autopilot_turns: int = 0
    away_turns: int = 0
    tables_closed: int = 0


def _tell_autopilot_played(game: Game, seat: Seat, round_: int, now: datetime) -> None:
    """The one place that tells a person the autopilot played their turn (same transaction)."""
    notify_autopilot(game, seat, round_, now=now)


def _tell_host_table_closed(game: Game, now: datetime) -> None:
    """The one place that tells a host their forming table was closed for lack of players."""
    notify_table_closed(game, now=now)


@transaction.atomic
def play_overdue(game_id: int, *, now: datetime | None = None) -> int:
    """If the game's round is past its deadline, autopilot every missing turn and advance.

    Locks the game row first, so concurrent sweeps play each missing turn exactly once: the
    second finds nothing pending (or a new round with a later deadline). Returns how many
    people missed the deadline (bot seats and away people's seats are played too, uncounted).
    """
    now = now or timezone.now()
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != GameStatus.PLAYING:
        return 0
    if game.round_deadline is None or game.round_deadline > now:
        return 0
    state = before = load_state(game)
    round_ = game.round
    played: list[Seat] = []
    for seat in game.seats.select_related("user__profile").order_by("position"):
        if engine.pending(state, seat.position).kind is engine.PendingKind.NONE:
            continue
        state, _ = play_seat(game, state, seat)
        played.append(seat)
    missed = [s for s in played if s.kind == SeatKind.PERSON and not s.is_away(game, now)]
    absent_after = LIVE_ABSENT_AFTER if game.is_live else ABSENT_AFTER
    for seat in missed:
        seat.autopilot_streak += 1
        seat.absent = seat.absent or seat.autopilot_streak >= absent_after
        seat.save(update_fields=["autopilot_streak", "absent"])
        _tell_autopilot_played(game, seat, round_, now)
    if played:
        save_state(game, before, state, now, public=bool(missed))
    if engine.round_complete(state):  # also a complete round whose "advance" message was lost
        advance_round(game.pk, round_, now=now)
    return len(missed)


def close_forgotten_table(game_id: int, *, now: datetime | None = None) -> bool:
    """Close a forming table nobody joined for :data:`FORMING_FOR_AT_MOST`; tell its host."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != GameStatus.FORMING:
            return False
        if (game.last_joined_at or game.created_at) > now - FORMING_FOR_AT_MOST:
            return False
        close(game, now)
        _tell_host_table_closed(game, now)
    return True


def _away_seats(now: datetime) -> Q:
    """Person seats that may belong to someone absent or on vacation right now.

    Vacation days are local dates, so the query allows a day either side of UTC's date and
    :meth:`games.models.Seat.is_away` decides exactly.
    """
    first, last = now.date() + timedelta(days=1), now.date() - timedelta(days=1)
    has_dates = Q(user__profile__vacation_from__isnull=False) | Q(
        user__profile__vacation_until__isnull=False
    )
    begun = Q(user__profile__vacation_from__isnull=True) | Q(
        user__profile__vacation_from__lte=first
    )
    not_over = Q(user__profile__vacation_until__isnull=True) | Q(
        user__profile__vacation_until__gte=last
    )
    return Q(absent=True) | (Q(game__allow_vacation=True) & has_dates & begun & not_over)


def _bots_left_waiting(now: datetime) -> list[tuple[int, int]]:
    """(game, round) of tables where a bot seat still has its turn to play a while after the
    round began: the message that plays bots as a round starts was lost.

    ``to_play`` is never set for bots, so this asks the cached engine state itself: a seat of a
    game in play has something pending exactly while its ``turn_done`` is false.
    """
    started_before = now - BOTS_PLAY_WITHIN
    pending = Q()
    for position in range(engine.MAX_PLAYERS):
        pending |= Q(
            seats__kind=SeatKind.BOT,
            seats__position=position,
            **{f"state__seats__{position}__turn_done": False},
        )
    left = Game.objects.filter(
        pending, status=GameStatus.PLAYING, round_started_at__lte=started_before
    )
    return list(left.values_list("pk", "round").distinct())


def sweep(*, now: datetime | None = None) -> Swept:
    """The minute sweep: overdue rounds, away people with a turn waiting, forgotten tables.

    Each game is handled in its own transaction on its locked row, so a sweep can run while
    another is still going, and a failure at one table does not hold up the others.
    """
    now = now or timezone.now()
    overdue = Game.objects.filter(status=GameStatus.PLAYING, round_deadline__lte=now)
    autopilot = _each(play_overdue, [(pk,) for pk in overdue.values_list("pk", flat=True)], now)

    # Someone whose vacation began during a round, or a round-start message that was lost.
    waiting = (
        Seat.objects.filter(to_play=True, kind=SeatKind.PERSON, game__status=GameStatus.PLAYING)
        .filter(_away_seats(now))
        .values_list("game_id", "game__round")
        .distinct()
    )
    away = _each(play_waiting_seats, sorted({*waiting, *_bots_left_waiting(now)}), now)

    forgotten = Game.objects.filter(status=GameStatus.FORMING).filter(
        Q(last_joined_at__lte=now - FORMING_FOR_AT_MOST)
        | Q(last_joined_at__isnull=True, created_at__lte=now - FORMING_FOR_AT_MOST)
    )
    closed = _each(
        close_forgotten_table, [(pk,) for pk in forgotten.values_list("pk", flat=True)], now
    )
    return Swept(autopilot, away, closed)


def sweep_live(*, now: datetime | None = None) -> int:
    """The sweep of live tables, every few seconds: a live round past its deadline whose timed
    message (:mod:`games.services.deadline_watch`) was lost or late. Returns how many people
    missed a deadline."""
    now = now or timezone.now()
    overdue = Game.objects.filter(
        status=GameStatus.PLAYING, round_deadline__lte=now, round_minutes__lte=LIVE_UP_TO_MINUTES
    )
    return _each(play_overdue, [(pk,) for pk in overdue.values_list("pk", flat=True)], now)


def _each(service: Callable[..., int | bool], calls: list[tuple[int, ...]], now: datetime) -> int:
    """Run ``service(*args, now=now)`` for each game; one game's failure is logged and skipped
    (its transaction rolled back), so it never holds up the other tables."""
    done = 0
    for args in calls:
        try:
            done += int(service(*args, now=now))
        except Exception:
            logger.exception("%s%r failed; the next sweep tries again", service.__name__, args)
    return done


def expected_finish(game: Game, *, now: datetime | None = None) -> datetime:
    """When an open table would end at the latest if it started now and every round (and the
    final towers step) ran to its deadline."""
    now = now or timezone.now()
    return now + game.round_length * (engine.rounds_for(game.seats_wanted) + 1)


def take_seat_back(game_id: int, user: User) -> Game:
    """A person marked absent plays their own turns again from the next round start."""
    with transaction.atomic():
        game = locked_game(game_id)
        if game.status != GameStatus.PLAYING:
            raise GameError(_("This game is not in play."))
        seat = Seat.objects.filter(game=game, user=user).first()
        if seat is None:
            raise GameError(_("You have no seat at this table."))
        if seat.absent or seat.autopilot_streak:  # otherwise there is nothing to take back
            seat.absent, seat.autopilot_streak = False, 0
            seat.save(update_fields=["absent", "autopilot_streak"])
            publish(game)
    return game


__all__ = [
    "ABSENT_AFTER",
    "BOTS_PLAY_WITHIN",
    "FORMING_FOR_AT_MOST",
    "LIVE_ABSENT_AFTER",
    "Swept",
    "close_forgotten_table",
    "expected_finish",
    "play_overdue",
    "sweep",
    "sweep_live",
    "take_seat_back",
]
