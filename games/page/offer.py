"""The offer as the browser tries it: each offered tile's orientations and legal anchors.

The game page carries this as a JSON island, so ``static/js/placement.js`` can turn, mirror and
move the tile and show where it fits without asking the server; the engine computed every
anchor (``engine.legal_placements``), so the browser never decides legality on its own.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import engine
from engine import Cell, CellKind
from games.page.county_html import square_svg

Coord = tuple[int, int]


@dataclass(frozen=True)
class Offer:
    """The island's data and the corners of the box every legal placement lies in (the county
    is drawn this wide on a tile turn, so the browser can show the tile at any legal spot)."""

    data: dict[str, object]
    reach: tuple[Coord, ...]


def offer_for(state: engine.GameState, seat: int) -> Offer:
    """The two tiles of the seat's area, as the page's ``offer`` island describes them.

    ``tiles`` lists, per offered slot: ``art`` (one square's markup per square of the tile, in
    the tile's own order) and ``orientations``, each with its squares' ``cells`` (offsets, in
    that same order), the indices ``r`` and ``m`` a quarter turn and a mirror lead to, and
    the legal ``anchors`` (top-left corners of the bounding box) in this county.
    """
    tiles: list[dict[str, object]] = []
    reach: list[Coord] = []
    for slot, tile_id in enumerate(engine.pending(state, seat).tiles):
        if tile_id is None:
            continue
        shapes = engine.TILES[tile_id].orientations
        anchors: dict[int, list[Coord]] = defaultdict(list)
        for orientation, x, y in engine.legal_placements(state, seat, slot):
            anchors[orientation].append((x, y))
        for orientation, spots in anchors.items():
            reach.extend(_corners(spots, shapes[orientation].cells))
        art = [
            square_svg(Cell(s.landscape, s.value, False, CellKind.TILE, tile_id))
            for s in shapes[0].squares
        ]
        orientations = [
            {
                "cells": [(s.x, s.y) for s in shape.squares],
                "r": shape.rotated,
                "m": shape.mirrored,
                "anchors": anchors.get(shape.index, []),
            }
            for shape in shapes
        ]
        tiles.append({"slot": slot, "art": art, "orientations": orientations})
    return Offer({"tiles": tiles}, tuple(reach))


def _corners(anchors: list[Coord], cells: tuple[Coord, ...]) -> tuple[Coord, Coord]:
    """The top-left and bottom-right cells a shape covers at any of ``anchors``.

    >>> _corners([(0, 0), (3, -2)], ((0, 0), (1, 0), (1, 1)))
    ((0, -2), (4, 1))
    """
    xs, ys = [x for x, _ in anchors], [y for _, y in anchors]
    dxs, dys = [dx for dx, _ in cells], [dy for _, dy in cells]
    return (min(xs) + min(dxs), min(ys) + min(dys)), (max(xs) + max(dxs), max(ys) + max(dys))
