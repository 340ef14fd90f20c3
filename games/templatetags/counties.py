"""Template helpers for the county, piece and wheel partials: ``{% load counties %}``."""

from __future__ import annotations

from collections.abc import Mapping

from django import template
from django.utils.safestring import SafeString, mark_safe

from engine import Cell
from games.page import county
from games.page.county import PieceView
from games.page.county_cache import county_html
from games.page.county_html import square_svg

register = template.Library()


@register.filter
def at(mapping: object, key: object) -> object:
    """``mapping[key]``, or "" when missing (template lookups cannot use a variable key)."""
    if isinstance(mapping, Mapping):
        return mapping.get(key, "")
    return ""


@register.simple_tag
def piece_view(tile: int, orientation: int | None = 0) -> PieceView:
    """``{% piece_view tile orientation as piece %}``: a tile ready for ``_piece.html``."""
    return county.piece_view(int(tile), int(orientation or 0))


@register.simple_tag
def bonus_view(bonus: int) -> PieceView:
    """``{% bonus_view bonus as piece %}``: a bonus tile ready for ``_piece.html``."""
    return county.bonus_view(int(bonus))


@register.filter
def square(cell: Cell) -> SafeString:
    """One square's art: ``{{ cell|square }}``."""
    return mark_safe(square_svg(cell))


@register.simple_tag(name="county", takes_context=True)
def draw_county(context: template.Context) -> SafeString:
    """Draw the county the including ``_county.html`` was given (see its parameters).

    Counties nobody acts on come from the cache (``games.page.county_cache``).
    """
    return county_html(
        context["grid"],
        size=context.get("size") or "large",
        title=context.get("title") or "County",
        overlay=context.get("overlay"),
        targets=context.get("targets"),
        cell_url=context.get("cell_url") or "",
        cell_fields=context.get("cell_fields") or {},
        cell_verb=context.get("cell_verb") or "",
        csrf_token=str(context.get("csrf_token") or ""),
    )
