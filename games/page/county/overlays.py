"""Placement previews drawn over a county: the squares a tile or bonus tile would cover, each
marked as fitting or not, outlined as one piece; or, on a reviewed replay, the expert's spot
(a "ghost")."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from django.utils.translation import gettext

from engine import Cell, Coord
from games.page.county.grid import SIDES
from games.page.county.pieces import bonus_cell, piece_cells
from games.words import square_name

OverlayState = Literal["ok", "bad", "ghost"]


@dataclass(frozen=True, slots=True)
class OverlaySquare:
    """What a placement preview shows on one cell: the square to be placed, fitting or not."""

    state: OverlayState
    cell: Cell | None = None
    seams: str = ""

    @property
    def label(self) -> str:
        """Words added to the cell's label."""
        if self.state == "ghost":
            return gettext("the expert's spot")
        if self.cell is None:
            if self.state == "ok":
                return gettext("new square, fits")
            return gettext("new square, does not fit")
        square = {"square": square_name(self.cell)}
        if self.state == "ok":
            # Translators: a square of the tile being tried, e.g. "new bog, fits".
            return gettext("new %(square)s, fits") % square
        return gettext("new %(square)s, does not fit") % square


def tile_overlay(
    tile_id: int, orientation: int, x: int, y: int, *, legal: bool
) -> dict[Coord, OverlaySquare]:
    """A preview of placing a tile with its bounding box at ``(x, y)``, for ``_county.html``.

    ``legal`` comes from the engine (e.g. ``(o, x, y) in engine.legal_placements(...)``).

    >>> sorted(tile_overlay(3, 1, 5, -1, legal=True))
    [(5, -1), (5, 0)]
    """
    state: OverlayState = "ok" if legal else "bad"
    return {
        (x + dx, y + dy): OverlaySquare(state, c) for dx, dy, c in piece_cells(tile_id, orientation)
    }


def bonus_overlay(bonus_id: int, x: int, y: int, *, legal: bool) -> dict[Coord, OverlaySquare]:
    """A preview of placing a bonus tile on ``(x, y)``."""
    return {(x, y): OverlaySquare("ok" if legal else "bad", bonus_cell(bonus_id))}


def overlay_at(overlay: object, x: int, y: int) -> OverlaySquare | None:
    """The overlay square on ``(x, y)``, if any.

    ``overlay`` is what a template was given: a mapping of coordinates to an
    :class:`OverlaySquare` or to ``"ok"``/``"bad"``, or a plain collection of coordinates
    (shown as fitting).

    The result's ``seams`` outline the whole preview, as :func:`seams` does for a piece.

    >>> overlay_at({(1, 2): "bad", (1, 3): "bad"}, 1, 2)
    OverlaySquare(state='bad', cell=None, seams='seam-t seam-r seam-l')
    >>> overlay_at({(1, 2)}, 1, 2).state, overlay_at({(1, 2)}, 0, 0), overlay_at(None, 0, 0)
    ('ok', None, None)
    """
    if not overlay or not isinstance(overlay, Collection):
        return None
    if isinstance(overlay, Mapping):
        value = overlay.get((x, y))
        if value is None:
            return None
        if not isinstance(value, OverlaySquare):
            value = OverlaySquare("ok" if value == "ok" else "bad")
    elif has_coord(overlay, x, y):
        value = OverlaySquare("ok")
    else:
        return None
    sides = [f"seam-{side}" for side, (dx, dy) in SIDES if not has_coord(overlay, x + dx, y + dy)]
    return replace(value, seams=" ".join(sides))


def has_coord(coords: object, x: int, y: int) -> bool:
    """True when ``(x, y)`` is among ``coords`` (tuples, or lists as read from JSON).

    >>> has_coord({(1, 2)}, 1, 2), has_coord([[1, 2]], 1, 2), has_coord(None, 1, 2)
    (True, True, False)
    """
    if not coords or not isinstance(coords, Collection):
        return False
    if (x, y) in coords:
        return True
    return isinstance(coords, list) and [x, y] in coords
