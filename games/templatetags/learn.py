"""The tutorial's lesson beside the board: ``{% load learn %}{% tutorial_panel %}`` (nothing,
and no query, at any other table)."""

from __future__ import annotations

from django import template

from games.access import TableAccess
from games.learn.panel import tutorial_panel as build

register = template.Library()


@register.inclusion_tag("games/_tutorial.html", takes_context=True)
def tutorial_panel(context: template.Context) -> dict[str, object]:
    access: TableAccess = context["access"]
    return {"game": access.game, "panel": build(access)}
