"""The chat panel of a table's page: ``{% load chat %}{% chat_panel %}``."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page.chat import chat_panel as build_panel
from games.page.chat_html import KEPT, render_chat
from tipperary_site.auth import user_of

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_panel(context: template.Context, oob: bool = False) -> SafeString:
    """The panel for the page's viewer (``access`` in the page's context), drawn by
    ``games.page.chat_html``; ``oob`` when a poll sends it beside another fragment. What it
    shows new is left on the request for the view (``games.views.chat.mark_seen_once_drawn``).

    A poll whose page shows the talk as it stands (``chat_kept``) gets the panel it has kept.
    """
    if context.get("chat_kept"):
        return KEPT
    request = context["request"]
    panel = build_panel(context["access"], user_of(request))
    if panel.news is not None:
        request.chat_news = panel.news  # marked seen by the view, once the page is drawn
    return render_chat(panel, csrf_token=context.get("csrf_token", ""), oob=oob)
