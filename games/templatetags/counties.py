"""Template helpers for the county, piece and wheel partials: ``{% load counties %}``."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from engine import Cell
from games.page import county
from games.page.county_cache import county_html
from games.page.county_html import square_svg
from games.page.wheel_html import KEPT as WHEEL_KEPT
from games.page.wheel_html import piece_html, render_wheel

register = template.Library()


@register.simple_tag(name="piece", takes_context=True)
def draw_piece(context: template.Context) -> SafeString:
    """Draw the piece the including ``_piece.html`` was given (see its parameters)."""
    piece = context.get("piece")
    if not piece:
        bonus = context.get("bonus")
        if bonus is None or bonus == "":
            piece = county.piece_view(int(context["tile"]), int(context.get("orientation") or 0))
        else:
            piece = county.bonus_view(int(bonus))
    return piece_html(piece, size=context.get("size") or "small")


@register.simple_tag(name="wheel", takes_context=True)
def draw_wheel(context: template.Context) -> SafeString:
    """Draw the wheel the including ``_wheel.html`` was given (see its parameters); a page that
    shows it as it stands (``wheel_kept``, games.page.board) keeps its own."""
    if context.get("wheel_kept"):
        return WHEEL_KEPT
    return render_wheel(context["areas"], context.get("mine"), context.get("owners") or {})


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
        title=context.get("title") or gettext("County"),
        overlay=context.get("overlay"),
        targets=context.get("targets"),
        cell_url=context.get("cell_url") or "",
        cell_fields=context.get("cell_fields") or {},
        cell_verb=context.get("cell_verb") or "",
        csrf_token=str(context.get("csrf_token") or ""),
    )
