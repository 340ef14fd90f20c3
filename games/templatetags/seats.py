"""Template helpers about seats: ``{% load seats %}``.

They read only what the seat rows already hold (with their people's profiles), so they add no
queries to a page.
"""

from __future__ import annotations

from django import template
from django.utils import timezone

from games.models import Seat
from games.services.bots import on_vacation

register = template.Library()


@register.filter
def away(seat: Seat) -> str:
    """Why the autopilot plays this seat as soon as a round starts: "absent", "on vacation"
    (at a table that allows it), or "" when the person plays their own turns."""
    if seat.absent:
        return "absent"
    if seat.game.allow_vacation and on_vacation(seat, timezone.now()):
        return "on vacation"
    return ""
