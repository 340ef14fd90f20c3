"""The head of the game page, ``{% game_head %}``, and the time left to a deadline,
``{% time_left deadline live %}`` (``games.page.game_head_html``)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.page import game_head_html

register = template.Library()


@register.simple_tag(takes_context=True)
def game_head(context: template.Context) -> SafeString:
    """The table's name, its links and where the game stands."""
    return game_head_html.render_game_head(context["game"], context["page"])


@register.simple_tag
def time_left(deadline: datetime | None, live: bool = False) -> SafeString:
    """The time left to ``deadline``, counted down on a live table's page."""
    return mark_safe(game_head_html.time_left(deadline, live))
