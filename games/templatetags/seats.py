"""Template helpers about seats: ``{% load seats %}``.

They read only what the seat rows already hold (with their people's profiles), so they add no
queries to a page.
"""

from __future__ import annotations

from django import template
from django.utils import timezone

from games.models import Seat

register = template.Library()


@register.filter
def away(seat: Seat) -> str:
    """Why the autopilot plays this seat as soon as a round starts (see ``Seat.away_reason``)."""
    return seat.away_reason(timezone.now())
