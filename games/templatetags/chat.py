"""The chat panel of a table's page: ``{% load chat %}{% chat_panel %}``."""

from __future__ import annotations

from django import template

from games.page.chat import chat_panel as build_panel
from tipperary_site.auth import user_of

register = template.Library()


@register.inclusion_tag("games/_chat.html", takes_context=True)
def chat_panel(context: template.Context, oob: bool = False) -> dict[str, object]:
    """The panel for the page's viewer (``access`` in the page's context); ``oob`` when a poll
    sends it beside another fragment. What it shows new is left on the request for the view
    (``games.views.chat.mark_seen_once_drawn``)."""
    request = context["request"]
    panel = build_panel(context["access"], user_of(request))
    if panel.news is not None:
        request.chat_news = panel.news  # marked seen by the view, once the page is drawn
    return {
        "chat": panel,
        "csrf_token": context.get("csrf_token"),
        "request": request,
        "oob": oob,
    }
