"""The tables a player sits at, for their public page: ``{% player_tables user %}``."""

from __future__ import annotations

from django import template
from django.contrib.auth.models import User

from games.models import GameStatus, Seat

register = template.Library()


@register.inclusion_tag("games/_player_tables.html")
def player_tables(user: User) -> dict[str, object]:
    """The player's current open tables (invite-only tables stay private). One query."""
    seats = (
        Seat.objects.filter(
            user=user,
            game__is_open=True,
            game__status__in=[GameStatus.FORMING, GameStatus.PLAYING],
        )
        .select_related("game")
        .order_by("-game__created_at")[:20]
    )
    return {"seats": list(seats)}
