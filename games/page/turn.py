"""A player's turn as the game page shows it: the tile being tried out and what it would do.

The tile a player tries (slot, orientation, position) lives in the page's query string, so
every step is a plain link that also works without JavaScript; the server answers with a
preview made by the engine itself: ``apply`` on the game as the player may see it (R4.2), never
saved. The shared supplies it draws from are those dealt at the start of the round less the
player's own turn, so a neighbour's hidden move this round never shows in it ("a sheep is lost:
supply empty" would tell that someone took the last sheep).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.utils.translation import gettext

import engine
from games.page.county import OverlaySquare, tile_overlay
from games.page.move_words import tell_preview
from games.words import refusal_words

Coord = tuple[int, int]


@dataclass(frozen=True)
class Draft:
    """The tile a player is trying: a slot of their area, an orientation, and a position."""

    slot: int
    orientation: int
    x: int
    y: int

    @property
    def fields(self) -> dict[str, int]:
        """Hidden fields that carry the draft when a county cell is clicked to move it."""
        return {"slot": self.slot, "o": self.orientation}

    @property
    def as_fields(self) -> dict[str, int]:
        """The whole draft as form fields, sent with the confirm so a refusal keeps it."""
        return {"slot": self.slot, "o": self.orientation, "x": self.x, "y": self.y}

    def query(self, **change: int) -> str:
        """The query string of this draft with some values changed."""
        return "?" + urlencode({**self.as_fields, **change})


@dataclass(frozen=True)
class Preview:
    """Whether the draft is legal and what it would bring, in a player's words."""

    legal: bool
    message: str
    gains: tuple[str, ...] = ()
    notation: str = ""
    overlay: Mapping[Coord, OverlaySquare] = field(default_factory=dict)


@dataclass(frozen=True)
class DraftLinks:
    """Query strings of the controls that change a draft: turn, mirror, and the four moves."""

    rotate: str
    mirror: str
    left: str
    right: str
    up: str
    down: str


def draft_links(tile: engine.Tile, draft: Draft) -> DraftLinks:
    """Where each control of the turn leads (R3: up to 8 orientations; symmetric pieces fewer)."""
    shape = tile.orientations[draft.orientation]
    return DraftLinks(
        rotate=draft.query(o=shape.rotated),
        mirror=draft.query(o=shape.mirrored),
        left=draft.query(x=draft.x - 1),
        right=draft.query(x=draft.x + 1),
        up=draft.query(y=draft.y - 1),
        down=draft.query(y=draft.y + 1),
    )


def tile_in_slot(state: engine.GameState, seat: int, slot: int) -> engine.Tile | None:
    tile_id = state.areas[state.area_of(seat)][slot]
    return None if tile_id is None else engine.TILES[tile_id]


def make_draft(state: engine.GameState, seat: int, asked: Mapping[str, int | None]) -> Draft | None:
    """The draft the query string asks for, completed with sensible defaults, or None.

    A slot without a tile gives None. Without a position, the tile starts at its first legal
    place, so a newly picked tile is always shown somewhere it fits.
    """
    slot = asked.get("slot")
    if slot is None or slot not in (0, 1):
        return None
    tile = tile_in_slot(state, seat, slot)
    if tile is None:
        return None
    count = len(tile.orientations)
    orientation = (asked.get("o") or 0) % count
    x, y = asked.get("x"), asked.get("y")
    if x is None or y is None:
        places = engine.legal_placements(state, seat, slot)
        fitting = [p for p in places if p[0] == orientation] or list(places)
        if not fitting:
            return Draft(slot, orientation, 0, 0)
        orientation, x, y = fitting[0]
    return Draft(slot, orientation, x, y)


def preview(state: engine.GameState, seat: int, draft: Draft) -> Preview:
    """Ask the engine what placing the draft would do (R4.2.3), without keeping the result.

    ``state`` may be the real state: the preview runs on the seat's own view of it.
    """
    seen = engine.view(state, seat)
    tile = tile_in_slot(seen, seat, draft.slot)
    assert tile is not None
    before = seen.seats[seat].display
    action = engine.PlaceTile(draft.slot, draft.orientation, draft.x, draft.y)
    try:
        after, events = engine.apply(seen, seat, action)
    except engine.ActionError as refused:
        overlay = tile_overlay(tile.id, draft.orientation, draft.x, draft.y, legal=False)
        return Preview(False, refusal_words(refused), overlay=overlay)
    overlay = tile_overlay(tile.id, draft.orientation, draft.x, draft.y, legal=True)
    gains = tell_preview(events, before.cells, after.seats[seat].display.cells)
    return Preview(True, gettext("This tile fits here."), gains, action.notation, overlay)
