"""The writer of hints: "What would the expert do?" at an unrated solo table.

A hint is the expert's choice for the seat's pending tile, kept per step of the seat: asking
again at the same step shows the same spot and is not counted twice; the count of a table's
hints is the number of its rows. The expert decides on the seat's own view only, as it does
when it plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

import engine
from engine import bots
from games.engine_bridge import load_state
from games.models import Hint
from games.review.eligible import hints_allowed
from games.services.errors import GameError, NotAllowed, StaleTurn
from games.services.record import locked_game


@dataclass(frozen=True)
class GivenHint:
    action: engine.PlaceTile
    used: int


def hint_seed(game_seed: int, step: int) -> int:
    """The seed of the expert's decision for a hint: the same table and step, the same hint.

    >>> hint_seed(7, 3) == hint_seed(7, 3) != hint_seed(7, 4)
    True
    """
    return game_seed + step


def give_hint(game_id: int, user: User, step: int) -> GivenHint:
    """The expert's tile and spot for the person's pending tile; refuses (changing nothing)
    on rated, multi-person and challenge tables, when no tile is pending, or a stale step."""
    with transaction.atomic():
        game = locked_game(game_id)
        seats = list(game.seats.all())
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise NotAllowed(_("You have no seat at this table."))
        if not hints_allowed(game, seats):
            raise NotAllowed(
                _(
                    "The expert gives hints only at unrated tables you play alone with bots, "
                    "never at rated tables or in the weekly challenge."
                )
            )
        if step != seat.step:
            raise StaleTurn(seat.step)
        state = load_state(game)
        if engine.pending(state, seat.position).kind is not engine.PendingKind.TILE:
            raise GameError(_("The expert gives hints for tiles: you have no tile to place now."))
        hint = Hint.objects.filter(game=game, position=seat.position, step=step).first()
        if hint is None:
            action = bots.choose("expert", state, seat.position, seed=hint_seed(game.seed, step))
            hint = Hint.objects.create(
                game=game, position=seat.position, step=step, action=str(action)
            )
        used = Hint.objects.filter(game=game, position=seat.position).count()
    parsed = engine.parse_action(hint.action)
    assert isinstance(parsed, engine.PlaceTile)
    return GivenHint(parsed, used)
