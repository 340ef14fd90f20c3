"""The challenge's services: open the week's deal, enter it, score the week when it ends,
and the minute sweep that keeps the weeks in step whatever message was lost."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

import engine
from games.challenge.weeks import week_of, window
from games.engine_bridge import load_state
from games.models import Game, GameStatus, GameVariant, Seat, SeatKind, new_seed
from games.models.challenge import Challenge
from games.services.bots import BOT_LEVELS, play_waiting_seats
from games.services.errors import GameError
from games.services.record import begin_play, close
from games.services.turns import advance_round

BOT_STEPS = 40


@dataclass(frozen=True)
class Kept:
    """What one run of the weeks' sweep did: this week's deal, whether the run opened it, how
    many ended weeks it scored, and how many bot entries it made."""

    week: str
    opened: bool = False
    scored: int = 0
    bots: int = 0


def keep_weeks(now: datetime) -> Kept:
    """The weeks' sweep, every minute: score every week that has ended, open the week ``now``
    falls in if nobody has yet, and have every bot level play it.

    A lost Monday message, a worker that was down, or a site installed mid-week all come
    right at the next run. Safe to run any number of times, even two at once: a run with
    nothing left to do only reads.
    """
    scored = _score_ended(now)
    challenge, opened = _this_week(now, None)
    bots = enter_bots(challenge.pk, now) if _bots_missing(challenge) else 0
    return Kept(challenge.week, opened, scored, bots)


@transaction.atomic
def open_week(now: datetime, *, seed: int | None = None) -> Challenge:
    """The deal of the week ``now`` falls in (created once, with ``seed`` or a fresh one), after
    scoring every earlier week that has ended. Safe to run twice."""
    _score_ended(now)
    return _this_week(now, seed)[0]


def _this_week(now: datetime, seed: int | None) -> tuple[Challenge, bool]:
    week = week_of(now)
    starts, ends = window(week)
    deal = {"seed": new_seed() if seed is None else seed, "starts_at": starts, "ends_at": ends}
    return Challenge.objects.get_or_create(week=week, defaults=deal)


def _score_ended(now: datetime) -> int:
    ended = Challenge.objects.filter(ends_at__lte=now, scored_at__isnull=True).order_by("starts_at")
    return sum(score_week(pk, now) for pk in ended.values_list("pk", flat=True))


def _bots_missing(challenge: Challenge) -> bool:
    played = Seat.objects.filter(game__challenge=challenge, kind=SeatKind.BOT)
    return not {name for name, _label in BOT_LEVELS} <= set(played.values_list("bot", flat=True))


def current_week(now: datetime) -> Challenge | None:
    """This week's deal, if beat has opened it."""
    return Challenge.objects.filter(starts_at__lte=now, ends_at__gt=now).first()


@transaction.atomic
def enter(challenge_id: int, user: User, now: datetime) -> Game:
    """The person's entry in a week: a one-person duplicate game on the week's seed, without
    deadlines. A second call returns the same entry; a week that is over takes no new one."""
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise GameError(_("There is no such challenge."))
    entry = Game.objects.filter(challenge=challenge, host=user).first()
    if entry is not None:
        return entry
    if not challenge.starts_at <= now < challenge.ends_at:
        raise GameError(
            _("Week %(week)d's challenge is over; play this week's.") % {"week": challenge.number}
        )
    return _new_entry(challenge, user, "", now)


def _new_entry(challenge: Challenge, user: User | None, bot: str, now: datetime) -> Game:
    """A started entry for a person (``user``) or a bot (``bot``, a name in engine.bots)."""
    game = Game.objects.create(
        host=user, seats_wanted=1, is_open=False, rated=False, allow_vacation=False,
        seed=challenge.seed, variant=GameVariant.DUPLICATE, challenge=challenge,
    )  # fmt: skip
    kind = SeatKind.BOT if bot else SeatKind.PERSON
    Seat.objects.create(game=game, user=user, position=0, kind=kind, bot=bot)
    state = engine.new_game(challenge.seed, 1, engine.Variant.DUPLICATE)
    begin_play(game, state, now, deadline=False)
    return game


def enter_bots(challenge_id: int, now: datetime) -> int:
    """Every bot level plays the week's deal once, to the end, so a newcomer sees where each
    level lands; returns how many entries it made (none on a second run)."""
    challenge = Challenge.objects.get(pk=challenge_id)
    made = 0
    for name, _label in BOT_LEVELS:
        with transaction.atomic():
            locked = Challenge.objects.select_for_update().get(pk=challenge.pk)
            taken = Seat.objects.filter(game__challenge=locked, kind=SeatKind.BOT, bot=name)
            if taken.exists():
                continue
            game = _new_entry(locked, None, name, now)
        made += 1
        for _step in range(BOT_STEPS):  # 12 rounds and the towers: a bound, never reached
            if game.status != GameStatus.PLAYING:
                break
            play_waiting_seats(game.pk, game.round, now=now)
            advance_round(game.pk, game.round, now=now)
            game.refresh_from_db()
    return made


@transaction.atomic
def score_week(challenge_id: int, now: datetime) -> bool:
    """Close an ended week: score every entry not finished by then as it stands, and mark it
    unfinished (closed). Returns whether this call scored the week (False when it is not over
    yet or was scored already, so two sweeps at once score it once)."""
    challenge = (
        Challenge.objects.select_for_update()
        .filter(pk=challenge_id, ends_at__lte=now, scored_at__isnull=True)
        .first()
    )
    if challenge is None:
        return False
    unfinished = Game.objects.select_for_update().filter(
        challenge=challenge, status=GameStatus.PLAYING
    )
    for game in unfinished:
        close(game, challenge.ends_at, scores={0: asdict(engine.score(load_state(game), 0))})
    Challenge.objects.filter(pk=challenge.pk).update(scored_at=now)
    return True


@transaction.atomic
def on_account_closing(sender: Any, *, user: User, now: datetime, **kwargs: Any) -> None:
    """Receives ``accounts.signals.account_closing`` (connected in ``games/apps.py``)."""
    withdraw_entries(user, now)


def withdraw_entries(user: User, now: datetime) -> int:
    """Close the person's unfinished entries without a score, as their account goes: nobody
    plays them on (not the autopilot either), so they never rank or count in a percentile.
    Returns how many."""
    unfinished = Game.objects.select_for_update().filter(
        challenge__isnull=False, host=user, status=GameStatus.PLAYING
    )
    withdrawn = 0
    for game in unfinished:
        close(game, now)
        withdrawn += 1
    return withdrawn
