"""The turn panel of the game page: ``{% load turn_panel %}{% turn_panel %}``, and the "waiting
for" line and the offer to take one's turn back alone, ``{% turn_waiting oob=True %}`` and
``{% turn_undo oob=True %}`` (``games.page.turn_html``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page.turn_html import render_turn_panel, render_undo, render_waiting

register = template.Library()


def _csrf(context: template.Context) -> str:
    return str(context.get("csrf_token") or "")


@register.simple_tag(takes_context=True)
def turn_panel(context: template.Context) -> SafeString:
    """The page's viewer's turn panel."""
    return render_turn_panel(context["page"], csrf_token=_csrf(context))


@register.simple_tag(takes_context=True)
def turn_waiting(context: template.Context, oob: bool = False) -> SafeString:
    """Whom the round waits for (``oob``: sent beside another fragment)."""
    return render_waiting(context["page"], oob=oob)


@register.simple_tag(takes_context=True)
def turn_undo(context: template.Context, oob: bool = False) -> SafeString:
    """The offer to take one's turn back (``oob``: sent beside another fragment)."""
    return render_undo(context["page"], csrf_token=_csrf(context), oob=oob)
