"""The rematch of a finished table, on its page: ``{% load rematch %}{% rematch_panel %}``."""

from __future__ import annotations

from django import template
from django.db.models import Count, Exists, OuterRef, Q

from games.access import TableAccess
from games.models import Game, GameStatus, Invitation, Seat, SeatKind

register = template.Library()


@register.inclusion_tag("games/_rematch.html", takes_context=True)
def rematch_panel(context: template.Context) -> dict[str, object]:
    """The rematch and how many of the table's people have accepted it, or the button that
    opens it for the table's players. One query for the table's people; nothing for anyone
    else, since a rematch is by invitation only (``games.access``)."""
    access: TableAccess = context["access"]
    game = access.game
    mine = access.mine
    if mine is None or mine.user_id is None:
        return {"game": game, "rematch": None, "can_ask": False}
    rematch = (
        Game.objects.filter(rematch_of=game)
        .annotate(
            accepted=Count("seats", filter=Q(seats__kind=SeatKind.PERSON)),
            welcome=Exists(Seat.objects.filter(game=OuterRef("pk"), user_id=mine.user_id))
            | Exists(Invitation.objects.filter(game=OuterRef("pk"), invitee_id=mine.user_id)),
        )
        .first()
    )
    if rematch is not None and not rematch.welcome:  # left out of it (a block)
        return {"game": game, "rematch": None, "can_ask": False}
    people = sum(1 for seat in access.seats if seat.user_id is not None)
    return {
        "game": game,
        "rematch": rematch,
        "forming": rematch is not None and rematch.status == GameStatus.FORMING,
        "people": people,
        "bots": any(seat.kind == SeatKind.BOT for seat in access.seats),
        "can_ask": mine is not None and mine.user_id is not None,
        "csrf_token": context.get("csrf_token"),
    }
