"""Where a live page opens its event stream: ``{% stream_url game.pk token %}`` (a table's) or
``{% stream_url None token %}`` (the person's "Your games"); empty when the site runs no
streams, and the page then keeps to its poll."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.urls import reverse

from games.page.live import Token
from games.streams import publish

register = template.Library()


@register.simple_tag
def stream_url(game_id: int | None, token: Token | str) -> str:
    """The stream's address, starting from ``token`` (what the page was drawn with)."""
    if not publish.enabled():
        return ""
    path = reverse("games:events", args=[game_id]) if game_id else reverse("games:mine_events")
    return f"{settings.STREAMS_ORIGIN}{path}?t={token}"
