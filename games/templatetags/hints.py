"""The expert's hint on the game page: ``{% load hints %}{% hint_button %}`` shows "What would
the expert do?" where hints are allowed (an unrated table played alone with bots), and nothing
elsewhere. It asks no query: the table and its seats are already on the page."""

from __future__ import annotations

from django import template

from games.access import TableAccess
from games.review.eligible import hints_allowed

register = template.Library()


@register.inclusion_tag("games/_hint.html", takes_context=True)
def hint_button(context: template.Context) -> dict[str, object]:
    access: TableAccess = context["access"]
    mine = access.mine
    offered = mine is not None and hints_allowed(access.game, access.seats)
    return {"game": access.game, "offered": offered, "step": mine.step if mine else None}
