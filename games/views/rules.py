"""The rules page: the rules a player needs, in plain words, one section per topic (R1–R6)."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

import engine
from engine import Cell, CellKind, Landscape

#: Each landscape's art, its name and what it does, in the order the site lists landscapes. The
#: citations in brackets become links to those sections of the page.
LANDSCAPES: tuple[tuple[Cell, Promise, Promise], ...] = (
    (
        Cell(Landscape.MEADOW),
        gettext_lazy("Meadow"),
        # Translators: keep rule citations such as "(R5.3)" exactly as they are.
        gettext_lazy("Holds a sheep you gain; it then counts as pasture (R5.3)."),
    ),
    (
        Cell(Landscape.PASTURE),
        gettext_lazy("Pasture"),
        gettext_lazy("A printed sheep: part of a flock (R5.4)."),
    ),
    (
        Cell(Landscape.GRAIN),
        gettext_lazy("Grain field"),
        gettext_lazy("Next to a distillery it makes whiskey (R5.1)."),
    ),
    (
        Cell(Landscape.DISTILLERY),
        gettext_lazy("Distillery"),
        gettext_lazy("Next to a grain field it makes whiskey (R5.1)."),
    ),
    (
        Cell(Landscape.RUIN),
        gettext_lazy("Ruin"),
        gettext_lazy("Three in a straight line earn a tower at the end (R5.5)."),
    ),
    (
        Cell(Landscape.BOG),
        gettext_lazy("Bog"),
        gettext_lazy("Two or more side by side: a bonus tile (R5.2)."),
    ),
    (
        Cell(Landscape.STONE, 3),
        gettext_lazy("Stone circle"),
        gettext_lazy("Scores its printed value at the end (R5.6)."),
    ),
    (
        Cell(Landscape.TOWN, kind=CellKind.HOMETOWN),
        # Translators: one of the four squares of a player's hometown that show no landscape.
        gettext_lazy("Town square"),
        gettext_lazy("Part of your hometown."),
    ),
    (
        Cell(Landscape.TOWER, kind=CellKind.TOWER),
        gettext_lazy("Tower"),
        gettext_lazy("Fills one cell at the end (R6.1)."),
    ),
)


@require_GET
def rules_page(request: HttpRequest) -> TemplateResponse:
    """The rules, for everyone (no log-in needed)."""
    context = {
        "landscapes": LANDSCAPES,
        "whiskey": list(enumerate(engine.WHISKEY_POINTS)),
        "sheep_spaces": engine.WHISKEY_SHEEP_SPACES,
    }
    return TemplateResponse(request, "rules.html", context)
