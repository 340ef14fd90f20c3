"""Playing a started game: one player's action and the end of a round.

Every service here is one transaction that locks the game row, checks that the acting seat's
own situation is what the caller saw (its ``step``), asks the engine, and writes through
:mod:`games.services.record`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from games.engine_bridge import load_state
from games.models import ActionSource, Game, GameStatus
from games.notifications.write import notify_new_round
from games.services.bots import round_started
from games.services.deadline_watch import watch_deadline
from games.services.errors import GameError, NotAllowed, StaleTurn
from games.services.record import append_action, locked_game, save_state


@dataclass(frozen=True)
class Played:
    """What a submitted action did: the game row after it and the engine's events."""

    game: Game
    events: tuple[object, ...]


@transaction.atomic
def submit_action(
    game_id: int,
    user: User,
    notation: str,
    step: int,
    *,
    seen_round: int | None = None,
    now: datetime | None = None,
    source: ActionSource = ActionSource.PLAYER,
) -> Played:
    """Apply one action of the person's own seat, or refuse it and change nothing.

    ``step`` is the seat's step the player's page was drawn at: a submit from an older step
    (a double click, another tab, the autopilot, a new round) is refused as stale. Other
    players' moves never change it. ``seen_round``, the round the page showed, lets the
    refusal say that a new round began. Text that is no move raises
    :class:`engine.InvalidNotation`, a move the rules refuse :class:`engine.IllegalAction`
    (both :class:`engine.ActionError`, a code that :func:`games.words.refusal_words` words).
    """
    game = locked_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed(_("You have no seat at this table."))
    now = now or timezone.now()
    if game.challenge is not None and game.challenge.is_over(now):
        raise GameError(game.challenge.over_message)  # even before its week is scored
    if game.status != GameStatus.PLAYING:
        raise GameError(_("This game is not in play."))
    if step != seat.step:
        moved_on = seen_round is not None and seen_round != game.round
        raise StaleTurn(seat.step, new_round=game.round if moved_on else None)
    state = load_state(game)
    action = engine.parse_action(notation)
    new_state, events = engine.apply(state, seat.position, action)
    append_action(game, seat.position, str(action), source, state.round, events=events)
    # Finishing a turn takes the seat back from the autopilot. Only the turn's end shows it:
    # a first move with a sheep or bonus tile still to place must change nothing others see
    # (R4.2), and the turn's end shows anyway, as the seat's "done".
    turn_over = engine.pending(new_state, seat.position).kind is engine.PendingKind.NONE
    returned = (
        source == ActionSource.PLAYER and turn_over and bool(seat.autopilot_streak or seat.absent)
    )
    if returned:
        seat.autopilot_streak, seat.absent = 0, False
        seat.save(update_fields=["autopilot_streak", "absent"])
    save_state(game, state, new_state, now, public=returned)
    return Played(game, tuple(events))


@transaction.atomic
def advance_round(game_id: int, round_: int, *, now: datetime | None = None) -> bool:
    """End round ``round_`` if the game is still in it and every seat is done.

    Safe to run any number of times: a second run finds the round already advanced and does
    nothing. Returns whether it advanced the game.
    """
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != GameStatus.PLAYING or game.round != round_:
        return False
    state = load_state(game)
    if state.phase is not engine.Phase.PLAYING or not engine.round_complete(state):
        return False
    now = now or timezone.now()
    new_state, _ = engine.apply(state, None, engine.EndRound())
    append_action(game, None, str(engine.EndRound()), ActionSource.SYSTEM, round_, events=())
    game.round = new_state.round
    game.round_started_at = now
    # A challenge entry has no deadlines: its entrant plays when they like within the week.
    game.round_deadline = None if game.challenge_id else now + game.round_length
    save_state(game, state, new_state, now)
    notify_new_round(game, now=now)
    round_started(game)
    watch_deadline(game)
    return True


def advance_complete_games(*, now: datetime | None = None) -> int:
    """Advance every game whose round is complete but was left unadvanced; returns how many."""
    advanced = 0
    stuck = Game.objects.filter(status=GameStatus.PLAYING, round_complete=True)
    for game_id, round_ in stuck.values_list("pk", "round"):
        advanced += advance_round(game_id, round_, now=now)
    return advanced
