"""Each cell of a county drawn at once is labelled word for word as it is alone."""

from __future__ import annotations

import itertools

from django.utils import translation

from engine import Cell, CellKind, Landscape
from games.page.county import cell_label
from games.page.county.words import cell_labeller


def test_every_square_is_labelled_as_alone_in_every_language() -> None:
    squares = [None] + [
        Cell(landscape, value, sheep, kind, tile_id)
        for landscape, value, sheep, kind, tile_id in itertools.product(
            Landscape, (0, 1, 3), (False, True), CellKind, (None, 4)
        )
    ]
    for language in ("en", "de", "fr", "es"):
        with translation.override(language):
            label = cell_labeller()
            for x, cell in enumerate(squares):
                assert label(x, -x, cell) == cell_label(x, -x, cell)


def test_a_labeller_speaks_the_language_it_was_made_in() -> None:
    with translation.override("de"):
        label = cell_labeller()
    with translation.override("de"):
        german = cell_label(1, 2, None)
    assert label(1, 2, None) == german != cell_label(1, 2, None)
