"""A county's markup built in Python: the hot path of every game page.

A county has a hundred or more cells and a page shows several counties; drawing each cell
through template tags cost most of a page's time. This writes exactly the markup the
``_county.html`` template describes, in one pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from django.utils.safestring import SafeString, mark_safe

from engine import Cell
from games.page.county import CountyGrid, GridCell, OverlaySquare, has_coord, overlay_at


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


def _inner(gc: GridCell, ov: OverlaySquare | None) -> str:
    out = square_svg(gc.cell) if gc.cell is not None else ""
    if ov is not None:
        art = square_svg(ov.cell) if ov.cell is not None else ""
        out += f'<span class="overlay overlay--{ov.state} {ov.seams}">{art}</span>'
    return out


def _classes(gc: GridCell, target: bool, ov: OverlaySquare | None) -> str:
    landscape = gc.cell.landscape if gc.cell is not None else "empty"
    classes = f"cell cell--{landscape} {gc.seams}"
    if gc.is_home:
        classes += " home"
    if target:
        classes += " target"
    if ov is not None:
        classes += " ov"
    return classes


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
    # Nothing to draw on an empty cell a sparse county leaves out: only its squares are laid out.
    rows = grid.filled_rows if sparse and not overlay and not targets else grid.rows
    for r, row in enumerate(rows, start=1):
        for gc in row:
            ov = overlay_at(overlay, gc.x, gc.y)
            target = has_coord(targets, gc.x, gc.y)
            if sparse and gc.is_empty and ov is None and not target:
                continue
            extra = f"; {escape(ov.label)}" if ov is not None else ""
            classes = _classes(gc, target, ov)
            place = f'data-x="{gc.x}" data-y="{gc.y}"'
            if sparse:
                place += f' style="grid-area: {r} / {gc.x - grid.min_x + 1}"'
            if cell_url and (target or (targets is None and gc.is_empty)):
                out.append(
                    f'<form class="cell-form" method="post" action="{escape(cell_url)}">{csrf}'
                    f'<input type="hidden" name="x" value="{gc.x}">'
                    f'<input type="hidden" name="y" value="{gc.y}">{hidden}'
                    f'<button type="submit" class="{classes}" {place} '
                    f'aria-label="{verb}{escape(gc.label)}{extra}">{_inner(gc, ov)}</button></form>'
                )
            else:
                out.append(
                    f'<div class="{classes}" {place} role="img" '
                    f'aria-label="{escape(gc.label)}{extra}">{_inner(gc, ov)}</div>'
                )
        out.append("\n")
    out.append("</div>\n</div>\n")
    return mark_safe("".join(out))
