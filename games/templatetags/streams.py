"""Where a live page opens its event stream: ``{% stream_url game.pk token %}`` (a table's) or
``{% stream_url None token %}`` (the person's "Your games"); the game page's poll,
``{% game_poll %}`` (``games.page.poll_html``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page import poll_html
from games.page.board import counties_mark, wheel_mark
from games.page.chat import chat_mark
from games.page.live import Token
from games.page.model import GamePage

register = template.Library()


@register.simple_tag
def stream_url(game_id: int | None, token: Token | str) -> str:
    """The stream's address, starting from ``token`` (what the page was drawn with)."""
    return poll_html.stream_url(game_id, token)


@register.simple_tag(takes_context=True)
def game_poll(context: template.Context) -> SafeString:
    """The game page's ``#poll``, with the marks of what the page shows, each worked out only
    if sent (the board's as the view worked them out, else now)."""
    page: GamePage = context["page"]
    game = context["game"]
    work_out = {
        "c": lambda: chat_mark(context["access"]),
        "k": lambda: context.get("counties_mark") or counties_mark(page),
        "w": lambda: context.get("wheel_mark") or wheel_mark(page),
    }
    marks = {name: work_out[name]() for name in poll_html.mark_names(game, page)}
    return poll_html.render_poll(game, page, context["user"].pk, marks)
