"""The rematch of a finished table, on its page: ``{% load rematch %}{% rematch_panel %}``."""

from __future__ import annotations

from django import template
from django.db.models import Count, Q

from games.access import TableAccess
from games.models import Game, GameStatus, SeatKind

register = template.Library()


@register.inclusion_tag("games/_rematch.html", takes_context=True)
def rematch_panel(context: template.Context) -> dict[str, object]:
    """The rematch and how many of the table's people have accepted it, or the button that
    opens it for the table's players. One query."""
    access: TableAccess = context["access"]
    game = access.game
    rematch = (
        Game.objects.filter(rematch_of=game)
        .annotate(accepted=Count("seats", filter=Q(seats__kind=SeatKind.PERSON)))
        .first()
    )
    people = sum(1 for seat in access.seats if seat.user_id is not None)
    mine = access.mine
    return {
        "game": game,
        "rematch": rematch,
        "forming": rematch is not None and rematch.status == GameStatus.FORMING,
        "people": people,
        "bots": any(seat.kind == SeatKind.BOT for seat in access.seats),
        "can_ask": mine is not None and mine.user_id is not None,
        "csrf_token": context.get("csrf_token"),
    }
