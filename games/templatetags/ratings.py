"""Ratings in words and numbers: ``{% load ratings %}``."""

from __future__ import annotations

from django import template

from games.ratings.scale import points

register = template.Library()


@register.filter
def rating_move(ordinal_change: float | None) -> str:
    """What a table did to a rating, signed: "+12", "−5", "±0", or "" for an unrated table."""
    if ordinal_change is None:
        return ""
    moved = points(ordinal_change)
    if moved == 0:
        return "±0"
    return f"+{moved}" if moved > 0 else f"−{-moved}"
