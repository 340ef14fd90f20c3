"""Seats nobody needs to wait for: bots, absent people and people on vacation.

When a round starts, :func:`round_started` enqueues one task that plays, for that round, every
bot seat with its own bot and every absent or on-vacation person's seat with the autopilot
(:data:`AUTOPILOT_BOT`). Bot turns never run inside a web request.

Log sources: the autopilot's turns for a person's seat are logged ``VACATION`` while the person is
on vacation, else ``AUTOPILOT``; a bot seat's
turns are always logged ``PLAYER``, since the bot *is* that seat's player (even when the
deadline sweep has to play a bot seat whose round-start message was lost).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import engine
from engine import bots
from games.engine_bridge import load_state
from games.models import BOT_LEVEL_NAMES, ActionSource, Game, GameStatus, Seat, SeatKind
from games.services.record import append_action, save_state
from tipperary_site.enqueue import enqueue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The bot that plays people's turns when they are away or miss a deadline.
AUTOPILOT_BOT = "expert"

# What the create form offers: the engine's bot name and the level people see.
BOT_LEVELS: tuple[tuple[str, StrOrPromise], ...] = tuple(BOT_LEVEL_NAMES.items())


def turn_seed(game_seed: int, round_: int, position: int) -> int:
    """The seed of a bot's or the autopilot's turn: from the game's seed, the round, the seat.

    Replaying a log with the same seeds gives the same turns.

    >>> turn_seed(7, 3, 1) == turn_seed(7, 3, 1), turn_seed(7, 3, 1) == turn_seed(7, 3, 2)
    (True, False)
    """
    digest = hashlib.sha256(f"tipperary-turn:{game_seed}:{round_}:{position}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@dataclass(frozen=True)
class PlayedFor:
    """One seat whose whole pending turn a bot played: who, with which bot, how many actions."""

    position: int
    bot: str
    source: ActionSource
    actions: int


def play_seat(
    game: Game, state: engine.GameState, seat: Seat, *, vacation: bool = False
) -> tuple[engine.GameState, PlayedFor]:
    """Play all that ``seat`` has pending and log each action; the caller holds the game lock.

    A bot seat plays with its own bot (logged ``PLAYER``); a person's seat with the autopilot
    (logged ``VACATION`` when the person is on vacation, else ``AUTOPILOT``). The caller saves
    the state.
    """
    if seat.kind == SeatKind.BOT:
        name, source = seat.bot, ActionSource.PLAYER
    else:
        name = AUTOPILOT_BOT
        source = ActionSource.VACATION if vacation else ActionSource.AUTOPILOT
    round_ = state.round
    seed = turn_seed(game.seed, round_, seat.position)
    new_state, actions = bots.play_turn(name, state, seat.position, seed)
    # The bot's actions applied once more, for the events the log's pieces are read from.
    moves = [(seat.position, str(action)) for action in actions]
    for step in engine.steps_from(state, moves):
        append_action(game, seat.position, str(step.action), source, round_, events=step.events)
    return new_state, PlayedFor(seat.position, name, source, len(actions))


def _might_skip_waiting(game: Game) -> Q:
    """Seats that may be played at a round start (vacation dates are checked by the task)."""
    waiting = Q(kind=SeatKind.BOT) | Q(absent=True)
    if game.allow_vacation:
        waiting |= Q(user__profile__vacation_from__isnull=False)
        waiting |= Q(user__profile__vacation_until__isnull=False)
    return waiting


def round_started(game: Game) -> None:
    """A round (or the towers step) has just started: have its bot and away seats played.

    Enqueued after commit, so the web request that started the game never plays a bot turn.
    """
    if game.status != GameStatus.PLAYING:
        return
    if not game.seats.filter(_might_skip_waiting(game)).exists():
        return
    enqueue("games.play_waiting_seats", game.pk, game.round)


@transaction.atomic
def play_waiting_seats(game_id: int, round_: int, *, now: datetime | None = None) -> int:
    """Play round ``round_``'s pending turns of bot seats and of absent or on-vacation people.

    Safe to run twice: a seat that has already played has nothing pending, and a game that has
    moved on to another round is left alone. Returns how many seats were played.
    """
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != GameStatus.PLAYING or game.round != round_:
        return 0
    now = now or timezone.now()
    state = before = load_state(game)
    played = 0
    for seat in game.seats.select_related("user__profile").order_by("position"):
        if engine.pending(state, seat.position).kind is engine.PendingKind.NONE:
            continue
        if seat.kind == SeatKind.BOT or seat.is_away(game, now):
            vacation = seat.away_reason(now) == "on vacation"
            state, _ = play_seat(game, state, seat, vacation=vacation)
            played += 1
    if played:
        save_state(game, before, state, now)
    return played
