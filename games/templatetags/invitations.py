"""The invitations a host is waiting on, for the forming page: ``{% load invitations %}``."""

from __future__ import annotations

from django import template

from games.models import Game, Invitation
from games.services.tables import invitations_pending_at

register = template.Library()


@register.simple_tag
def pending_invitations(game: Game) -> list[Invitation]:
    """``{% pending_invitations game as invited %}``: who is invited and not yet seated, oldest
    first, with their names. One query."""
    return list(invitations_pending_at(game).select_related("invitee__profile").order_by("pk"))
