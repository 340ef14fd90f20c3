"""The rules page: the rules a player needs, in plain words, one section per topic (R1–R6)."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

import engine
from engine import Cell, CellKind, Landscape

#: Each landscape's art and what it does, in the order the site lists landscapes.
LANDSCAPES: tuple[tuple[Cell, str, str], ...] = (
    (Cell(Landscape.MEADOW), "Meadow", "Holds a sheep you gain; it then counts as pasture (R5.3)."),
    (Cell(Landscape.PASTURE), "Pasture", "A printed sheep: part of a flock (R5.4)."),
    (Cell(Landscape.GRAIN), "Grain field", "Next to a distillery it makes whiskey (R5.1)."),
    (Cell(Landscape.DISTILLERY), "Distillery", "Next to a grain field it makes whiskey (R5.1)."),
    (Cell(Landscape.RUIN), "Ruin", "Three in a straight line earn a tower at the end (R5.5)."),
    (Cell(Landscape.BOG), "Bog", "Two or more side by side: a bonus tile (R5.2)."),
    (Cell(Landscape.STONE, 3), "Stone circle", "Scores its printed value at the end (R5.6)."),
    (Cell(Landscape.TOWN, kind=CellKind.HOMETOWN), "Town square", "Part of your hometown."),
    (Cell(Landscape.TOWER, kind=CellKind.TOWER), "Tower", "Fills one cell at the end (R6.1)."),
)  # fmt: skip


@require_GET
def rules_page(request: HttpRequest) -> TemplateResponse:
    """The rules, for everyone (no log-in needed)."""
    context = {
        "landscapes": LANDSCAPES,
        "whiskey": list(enumerate(engine.WHISKEY_POINTS)),
        "sheep_spaces": engine.WHISKEY_SHEEP_SPACES,
    }
    return TemplateResponse(request, "rules.html", context)
