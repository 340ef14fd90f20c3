"""Taking back one's whole turn while the round is open (the engine's ``undo``, :mod:`engine.undo`).

The undo is a new entry at the end of the log, never an edit of the moves it takes back: replay
and the export show it. The pieces the turn placed leave the county's rows, as the log says.

Only a turn the person played themselves can be taken back. A turn the autopilot played for an
absent person or one on vacation stands: the autopilot plays for them at the start of the round,
and "Take my seat back" is how they play their own turns again; at a deadline the autopilot plays
every turn still missing, so the round ends at once and there is nothing left to take back.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine
from games.engine_bridge import load_state
from games.models import ActionSource, Game, GameStatus
from games.services.errors import GameError, NotAllowed, StaleTurn
from games.services.record import append_action, locked_game, save_state

AUTOPILOT_TURN = gettext_lazy(
    "The autopilot played this turn for you, so it stands. Play the next one yourself: it "
    "cannot be taken back once played for you."
)


@transaction.atomic
def undo_turn(
    game_id: int,
    user: User,
    step: int,
    *,
    seen_round: int | None = None,
    now: datetime | None = None,
) -> Game:
    """Take back the person's whole turn of the round, or refuse and change nothing.

    ``step`` is the seat's step the page was drawn at: a repeated or stale undo (a double click,
    another tab, a new round) finds the step moved on and is refused as :class:`StaleTurn`, so
    it never applies twice. A turn not finished, or the last turn of a round (everyone is done),
    is refused by the engine (:class:`engine.IllegalAction`, with the code of
    :func:`engine.undo_refusal`). Returns the game row after it.
    """
    game = locked_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed(_("You have no seat at this table."))
    if game.status != GameStatus.PLAYING:
        raise GameError(_("This game is not in play."))
    if step != seat.step:
        moved_on = seen_round is not None and seen_round != game.round
        new_round = game.round if moved_on else None
        raise StaleTurn(seat.step, new_round=new_round, undo=True)
    state = load_state(game)
    refusal = engine.undo_refusal(state, seat.position)
    if refusal is not None:
        raise engine.IllegalAction(refusal)
    last = (
        game.actions.filter(seat=seat.position, round=state.round)
        .order_by("-seq")
        .values_list("source", flat=True)
        .first()
    )
    if last != ActionSource.PLAYER:
        raise GameError(str(AUTOPILOT_TURN))
    new_state, events = engine.apply(state, seat.position, engine.UndoTurn())
    action = engine.UndoTurn().notation
    append_action(game, seat.position, action, ActionSource.PLAYER, state.round, events=events)
    save_state(game, state, new_state, now or timezone.now())
    return game
