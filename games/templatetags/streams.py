"""Where a live page opens its event stream: ``{% stream_url game.pk token %}`` (a table's) or
``{% stream_url None token %}`` (the person's "Your games")."""

from __future__ import annotations

from django import template

from games.page import poll_html
from games.page.live import Token

register = template.Library()


@register.simple_tag
def stream_url(game_id: int | None, token: Token | str) -> str:
    """The stream's address, starting from ``token`` (what the page was drawn with)."""
    return poll_html.stream_url(game_id, token)
