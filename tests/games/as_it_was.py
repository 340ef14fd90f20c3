"""The template tags the game page's turn and table panels used before they were drawn in
Python, for the tests that render the old sections beside the new ones: each as it was, a thin
call of what draws its part now. ``engine()`` is the site's template engine with them."""

from __future__ import annotations

from django import template
from django.template import Engine, engines
from django.urls import reverse
from django.utils.safestring import SafeString

from games.learn.panel import tutorial_panel as build_tutorial
from games.page.county import CountyGrid
from games.page.county_cache import county_words
from games.page.model import GamePage
from games.page.others_html import render_others
from games.page.tile_turn_html import render_tile_turn

register = template.Library()


@register.filter
def told(grid: CountyGrid) -> str:
    return county_words(grid)


@register.simple_tag(takes_context=True)
def other_counties(context: template.Context) -> SafeString:
    return render_others(context["page"], kept=bool(context.get("counties_kept")))


@register.simple_tag(takes_context=True)
def tile_turn(context: template.Context) -> SafeString:
    page: GamePage = context["page"]
    game = page.access.game
    return render_tile_turn(
        page,
        here=game.get_absolute_url(),
        act_url=reverse("games:act", args=[game.pk]),
        csrf_token=str(context.get("csrf_token") or ""),
    )


@register.inclusion_tag("games/_tutorial.html", takes_context=True)
def tutorial_panel(context: template.Context) -> dict[str, object]:
    access = context["access"]
    return {"game": access.game, "panel": build_tutorial(access)}


def engine() -> Engine:
    """The site's template engine, with these tags as ``{% load as_it_was %}``."""
    site = engines["django"].engine  # type: ignore[attr-defined]
    return Engine(
        dirs=site.dirs,
        loaders=site.loaders,
        libraries={**site.libraries, "as_it_was": __name__},
        builtins=site.builtins,
        autoescape=site.autoescape,
    )
