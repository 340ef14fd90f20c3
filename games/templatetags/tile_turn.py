"""The tile turn of the game page: ``{% load tile_turn %}{% tile_turn %}``, and
``{% turn_preview %}`` for the ``#preview`` fragment alone (``games.page.tile_turn_html``)."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString

from games.page.model import GamePage
from games.page.tile_turn_html import render_preview, render_tile_turn

register = template.Library()


@register.simple_tag(takes_context=True)
def tile_turn(context: template.Context) -> SafeString:
    """The page's viewer's tile turn: their two tiles, the controls and the confirm."""
    page: GamePage = context["page"]
    game = page.access.game
    return render_tile_turn(
        page,
        here=game.get_absolute_url(),
        act_url=reverse("games:act", args=[game.pk]),
        csrf_token=str(context.get("csrf_token") or ""),
    )


@register.simple_tag(takes_context=True)
def turn_preview(context: template.Context) -> SafeString:
    """What the spot tried would bring: the ``#preview`` the page asks for as the tile moves."""
    page: GamePage = context["page"]
    return render_preview(page.turn.preview if page.turn is not None else None)
