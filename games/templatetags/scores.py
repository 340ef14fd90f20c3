"""The scores table of a game page: ``{% load scores %}{% scores %}``
(``games.page.scores_html``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games.page.scores_html import render_scores

register = template.Library()


@register.simple_tag(name="scores", takes_context=True)
def draw_scores(context: template.Context) -> SafeString:
    """Draw the scores the including ``_scores.html`` was given (see its parameters)."""
    return render_scores(context.get("players") or (), bool(context.get("final")))
