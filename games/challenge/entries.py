"""The challenge's services: open the week's deal, enter it, score the week when it ends."""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction

import engine
from games.challenge.models import Challenge
from games.challenge.weeks import week_of, window
from games.engine_bridge import load_state
from games.models import Game, GameStatus, GameVariant, Seat, SeatKind, new_seed
from games.services.bots import BOT_LEVELS, play_waiting_seats
from games.services.errors import GameError
from games.services.record import save_state
from games.services.turns import advance_round

BOT_STEPS = 40


@transaction.atomic
def open_week(now: datetime, *, seed: int | None = None) -> Challenge:
    """The deal of the week ``now`` falls in (created once, with ``seed`` or a fresh one), after
    scoring every earlier week that has ended. Safe to run twice."""
    week = week_of(now)
    starts, ends = window(week)
    deal = {"seed": new_seed() if seed is None else seed, "starts_at": starts, "ends_at": ends}
    challenge, _ = Challenge.objects.get_or_create(week=week, defaults=deal)
    for ended in Challenge.objects.filter(ends_at__lte=now, scored_at__isnull=True):
        score_week(ended, now)
    return challenge


def current_week(now: datetime) -> Challenge | None:
    """This week's deal, if beat has opened it."""
    return Challenge.objects.filter(starts_at__lte=now, ends_at__gt=now).first()


@transaction.atomic
def enter(challenge_id: int, user: User, now: datetime) -> Game:
    """The person's entry in a week: a one-person duplicate game on the week's seed, without
    deadlines. A second call returns the same entry; a week that is over takes no new one."""
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise GameError("There is no such challenge.")
    entry = Game.objects.filter(challenge=challenge, host=user).first()
    if entry is not None:
        return entry
    if not challenge.starts_at <= now < challenge.ends_at:
        raise GameError(f"Week {challenge.number}'s challenge is over; play this week's.")
    return _new_entry(challenge, user, "", now)


def _new_entry(challenge: Challenge, user: User | None, bot: str, now: datetime) -> Game:
    """A started entry for a person (``user``) or a bot (``bot``, a name in engine.bots)."""
    state = engine.new_game(challenge.seed, 1, engine.Variant.DUPLICATE)
    game = Game.objects.create(
        host=user, seats_wanted=1, is_open=False, rated=False, allow_vacation=False,
        seed=challenge.seed, variant=GameVariant.DUPLICATE, challenge=challenge,
        status=GameStatus.PLAYING, started_at=now, round=state.round, round_started_at=now,
    )  # fmt: skip
    kind = SeatKind.BOT if bot else SeatKind.PERSON
    Seat.objects.create(game=game, user=user, position=0, kind=kind, bot=bot)
    save_state(game, None, state, now)
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
        for _ in range(BOT_STEPS):  # 12 rounds and the towers: a bound, never reached
            if game.status != GameStatus.PLAYING:
                break
            play_waiting_seats(game.pk, game.round, now=now)
            advance_round(game.pk, game.round, now=now)
            game.refresh_from_db()
    return made


def score_week(challenge: Challenge, now: datetime) -> int:
    """Score every entry of an ended week not finished by then, as it stands, and mark it
    unfinished (closed); returns how many. The caller holds a transaction."""
    unfinished = list(
        Game.objects.select_for_update().filter(challenge=challenge, status=GameStatus.PLAYING)
    )
    for game in unfinished:
        state = load_state(game)
        game.status = GameStatus.CLOSED
        game.finished_at = challenge.ends_at
        game.save(update_fields=["status", "finished_at"])
        Seat.objects.filter(game=game).update(
            score=asdict(engine.score(state, 0)), rank=None, to_play=False
        )
    Challenge.objects.filter(pk=challenge.pk).update(scored_at=now)
    return len(unfinished)
