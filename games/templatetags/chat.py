"""The chat panel of a table's page: ``{% load chat %}{% chat_panel %}``."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page.chat_html import viewer_panel

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_panel(context: template.Context, oob: bool = False) -> SafeString:
    """The panel for the page's viewer (``access`` in the page's context), drawn by
    ``games.page.chat_html``; ``oob`` when a poll sends it beside another fragment. A poll whose
    page shows the talk as it stands (``chat_kept``) gets the panel it has kept."""
    return viewer_panel(
        context["request"],
        context["access"],
        csrf_token=context.get("csrf_token", ""),
        kept=bool(context.get("chat_kept")),
        oob=oob,
    )
