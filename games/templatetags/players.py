"""Every player name the site shows, one way: ``{% load players %}{% player who %}``
(``games.page.player_html``)."""

from __future__ import annotations

from django import template

from games.page.player_html import player

register = template.Library()
register.simple_tag(player)
