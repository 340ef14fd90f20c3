"""A county's markup built in Python: the hot path of every game page.

A county has a hundred or more cells and a page shows several counties; drawing each cell
through template tags cost most of a page's time. This writes exactly the markup the
``_county.html`` template describes, in one pass.

Every square of one kind (a meadow with a sheep, a stone circle 2, a town square…) is drawn
alike but for where it sits and its seams, so what a cell says of its square (its classes, its
art, its name) is worked out once per kind and language (a few dozen kinds) and each cell only
fills in its place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from engine import Cell, CellKind
from games.page.county import CountyGrid, has_coord, overlay_at
from games.page.county.grid import seams_of
from games.page.county.words import cell_phrases, square_name


def square_svg(cell: Cell) -> str:
    """One square's art (the ``#square`` partial of ``_county.html``)."""
    parts = [
        '<svg class="sq" viewBox="0 0 40 40" aria-hidden="true" focusable="false">',
        f'<use href="#ls-{cell.landscape}"/>',
    ]
    if cell.landscape == "stone":
        parts.append(f'<text class="sq-value" x="20" y="28.6">{cell.value}</text>')
    if cell.sheep:
        parts.append('<use href="#tok-sheep"/>')
    if cell.kind == "bonus":
        parts.append('<use href="#mark-bonus"/>')
    parts.append("</svg>")
    return "".join(parts)


#: What a cell's label is cut round, for the numbers of its coordinates (:func:`_cut`).
_X, _Y = 918273645, 546372819


def _cut(label: str) -> tuple[str, str, str, bool]:
    """A cell's label as written with ``_X`` and ``_Y`` for its coordinates, cut round them:
    what comes before the first, between them and after the second, and whether x comes first.
    Each cell then only puts its numbers in: filling in a phrase with ``%`` and a dict cost
    more than all the rest of a cell's markup.

    >>> _cut(f"bog at ({_X}, {_Y})")
    ('bog at (', ', ', ')', True)
    """
    x_at, y_at = label.find(str(_X)), label.find(str(_Y))
    if x_at < 0 or y_at < 0 or label.count(str(_X)) > 1 or label.count(str(_Y)) > 1:
        raise ValueError(f"a cell's label should say each of its coordinates once: {label!r}")
    (first, first_end), second = sorted([(x_at, x_at + 9), (y_at, y_at + 9)])
    return label[:first], label[first_end : second[0]], label[second[1] :], x_at < y_at


@dataclass(frozen=True, slots=True)
class _Square:
    """What a cell's markup says of the square on it, alike for every square of its kind."""

    classes: str  # "cell cell--meadow ": the seams follow
    home: str  # " home" on a hometown's square
    art: str
    label: tuple[str, str, str, bool]  # escaped, cut round the cell's coordinates


#: Per language, each kind of square drawn so far (what ``_Square`` reads of a cell), and the
#: label of an empty cell (``None``).
_squares: dict[str | None, dict[tuple[object, ...] | None, _Square]] = {}


def _square(cell: Cell | None) -> _Square:
    empty_at, square_at = (escape(phrase) for phrase in cell_phrases())
    if cell is None:
        return _Square("cell cell--empty ", "", "", _cut(empty_at % {"x": _X, "y": _Y}))
    name = escape(square_name(cell))
    return _Square(
        f"cell cell--{cell.landscape} ",
        " home" if cell.kind is CellKind.HOMETOWN else "",
        square_svg(cell),
        _cut(square_at % {"square": name, "x": _X, "y": _Y}),
    )


def render_county(
    grid: CountyGrid,
    *,
    size: str = "large",
    title: str = "County",
    overlay: object = None,
    targets: object = None,
    cell_url: str = "",
    cell_fields: Mapping[str, object] | None = None,
    cell_verb: str = "",
    csrf_token: str = "",
) -> SafeString:
    """The county as ``_county.html`` documents it (see there for each parameter)."""
    hidden = "".join(
        f'<input type="hidden" name="{escape(str(k))}" value="{escape(str(v))}">'
        for k, v in (cell_fields or {}).items()
    )
    csrf = f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
    form = f'<form class="cell-form" method="post" action="{escape(cell_url)}">{csrf}'
    verb = f"{escape(cell_verb)} " if cell_verb else ""
    # A small county is only looked at: its empty cells are left out (the county's background
    # draws their grid lines) and every cell drawn says where it sits.
    sparse = size == "small" and not cell_url
    out = [
        f'<div class="county-wrap county--{escape(size)}">\n',
        f'<div class="county{" has-overlay" if overlay else ""}{" sparse" if sparse else ""}" '
        'role="group" '
        f'aria-label="{escape(title)}" aria-description="{escape(grid.description)}" '
        f'style="--cols: {grid.width}; --rows: {grid.height}">\n',
    ]
    cells, edges = grid.cells, seams_of(grid.cells)
    squares = _squares.setdefault(get_language(), {})
    empty = squares.get(None) or squares.setdefault(None, _square(None))
    columns, min_x = range(grid.min_x, grid.max_x + 1), grid.min_x
    # Nothing to draw on an empty cell a sparse county leaves out: only its squares are laid out.
    by_row: dict[int, list[int]] | None = None
    if sparse and not overlay and not targets:
        by_row = {}
        for x, y in cells:
            by_row.setdefault(y, []).append(x)
    for r, y in enumerate(range(grid.min_y, grid.max_y + 1), start=1):
        for x in columns if by_row is None else sorted(by_row.get(y, ())):
            cell = cells.get((x, y))
            ov = overlay_at(overlay, x, y) if overlay else None
            target = has_coord(targets, x, y) if targets else False
            if cell is None:
                if sparse and ov is None and not target:
                    continue
                square, classes = empty, empty.classes
            else:
                shows = (cell.landscape, cell.value, cell.sheep, cell.kind)
                square = squares.get(shows) or squares.setdefault(shows, _square(cell))
                classes = f"{square.classes}{edges[(x, y)]}{square.home}"
            before, between, after, x_first = square.label
            label = (
                f"{before}{x}{between}{y}{after}" if x_first else f"{before}{y}{between}{x}{after}"
            )
            art = square.art
            if target:
                classes += " target"
            if ov is not None:
                classes += " ov"
                label += f"; {escape(ov.label)}"
                over = square_svg(ov.cell) if ov.cell is not None else ""
                art += f'<span class="overlay overlay--{ov.state} {ov.seams}">{over}</span>'
            where = f' style="grid-area: {r} / {x - min_x + 1}"' if sparse else ""
            if cell_url and (target or (targets is None and cell is None)):
                out.append(
                    f'{form}<input type="hidden" name="x" value="{x}">'
                    f'<input type="hidden" name="y" value="{y}">{hidden}'
                    f'<button type="submit" class="{classes}" data-x="{x}" data-y="{y}"{where} '
                    f'aria-label="{verb}{label}">{art}</button></form>'
                )
            else:
                out.append(
                    f'<div class="{classes}" data-x="{x}" data-y="{y}"{where} role="img" '
                    f'aria-label="{label}">{art}</div>'
                )
        out.append("\n")
    out.append("</div>\n</div>\n")
    return mark_safe("".join(out))
