"""What the county templates draw: a county as a grid of cells, pieces, and their spoken labels.

Pure presentation: no database, no rules. The templates in ``templates/games/`` (``_county.html``,
``_piece.html``, ``_wheel.html``) read these values; the art itself is in ``_symbols.html``.
One idea to a module:

- :mod:`~games.page.county.grid`: the county laid out as rows of cells, with the seams of pieces;
- :mod:`~games.page.county.words`: landscapes, squares and whole counties in words;
- :mod:`~games.page.county.pieces`: a tile or bonus tile drawn on its own;
- :mod:`~games.page.county.overlays`: a placement preview over a county.

>>> from engine import Cell, Display, Landscape
>>> grid = county_grid(Display({(0, 0): Cell(Landscape.STONE, 3)}))
>>> (grid.width, grid.height), grid.rows[1][1].label
((3, 3), 'stone circle 3 at (0, 0)')
"""

from games.page.county.grid import SIDES, CountyGrid, GridCell, county_grid, seams
from games.page.county.overlays import (
    OverlaySquare,
    OverlayState,
    bonus_overlay,
    has_coord,
    overlay_at,
    tile_overlay,
)
from games.page.county.pieces import (
    PieceSquare,
    PieceView,
    bonus_cell,
    bonus_view,
    piece_cells,
    piece_view,
)
from games.page.county.words import (
    LANDSCAPE_ORDER,
    cell_label,
    describe_county,
    landscape_name,
    square_name,
)

__all__ = [
    "LANDSCAPE_ORDER",
    "SIDES",
    "CountyGrid",
    "GridCell",
    "OverlaySquare",
    "OverlayState",
    "PieceSquare",
    "PieceView",
    "bonus_cell",
    "bonus_overlay",
    "bonus_view",
    "cell_label",
    "county_grid",
    "describe_county",
    "has_coord",
    "landscape_name",
    "overlay_at",
    "piece_cells",
    "piece_view",
    "seams",
    "square_name",
    "tile_overlay",
]
