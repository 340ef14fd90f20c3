"""The ``#preview`` fragment of the tile turn alone: ``{% load tile_turn %}{% turn_preview %}``
(``games.page.tile_turn_html``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page.model import GamePage
from games.page.tile_turn_html import render_preview

register = template.Library()


@register.simple_tag(takes_context=True)
def turn_preview(context: template.Context) -> SafeString:
    """What the spot tried would bring: the ``#preview`` the page asks for as the tile moves."""
    page: GamePage = context["page"]
    return render_preview(page.turn.preview if page.turn is not None else None)
