"""The wheel's markup, and a piece's, built in Python: both are on every game page.

The wheel shows ten tiles, each of a few squares; drawing every square through template tags
cost some 5 ms of a game page drawn after a change. This writes exactly the markup
``_wheel.html`` and ``_piece.html`` describe, in one pass, as ``county_html`` does for counties.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.page.county import PieceView, piece_view
from games.page.county_cache import markup_digest
from games.page.county_html import square_svg

#: The wheel in an answer to a page that shows it as it stands (``games.page.board``): htmx
#: puts the page's own in its place (``hx-preserve``).
KEPT = mark_safe('<section class="wheel" id="wheel" hx-preserve="true"></section>')
_MARKUP = markup_digest(Path(__file__))


def wheel_key(
    areas: Sequence[Sequence[int | None]], mine: int | None, owners: Mapping[int, str]
) -> str:
    """Exactly what ``render_wheel`` draws from, in the active language."""
    owned = sorted(owners.items())
    return f"wheel:{_MARKUP}:{translation.get_language()}:{areas!r}:{mine}:{owned!r}"


@lru_cache(maxsize=2048)  # the tiles × their orientations × the languages, a few sizes
def piece_html(piece: PieceView, size: str = "small") -> SafeString:
    """One piece as ``_piece.html`` documents it: ``size`` is "small" or "large".

    Its markup depends on nothing else, and a page draws a dozen (the wheel, the turn): each is
    written once per process.
    """
    classes = f"piece piece--{conditional_escape(size)}"
    if piece.bonus:
        classes += " piece--bonus"
    if piece.sheep:
        classes += " piece--sheep"
    out = [
        f'<span class="{classes}" role="img" aria-label="{conditional_escape(piece.label)}" '
        f'style="--w: {piece.width}; --h: {piece.height}">'
    ]
    for sq in piece.squares:
        out.append(
            f'<span class="piece-sq {conditional_escape(sq.seams)}" '
            f'style="grid-area: {sq.row} / {sq.col}">{square_svg(sq.cell)}</span>'
        )
    if piece.sheep:
        badge = piece.badge
        out.append(
            f'<svg class="plus-sheep" style="grid-area: {badge.row} / {badge.col}" '
            'viewBox="0 0 40 40" aria-hidden="true" focusable="false">'
            '<use href="#plus-sheep"/></svg>'
        )
    out.append("</span>")
    return mark_safe("".join(out))


def _owner_words(area: int, mine: int | None, owner: str) -> str:
    if area == mine:
        return conditional_escape(gettext("Your tiles"))
    if owner:
        # Translators: the area of the wheel of the player named, e.g. "Aoife’s tiles".
        return conditional_escape(gettext("%(name)s’s tiles") % {"name": owner})
    # Translators: an area of the wheel no player takes from this round.
    return conditional_escape(gettext("Free this round"))


def render_wheel(
    areas: Sequence[Sequence[int | None]],
    mine: int | None,
    owners: Mapping[int, str],
) -> SafeString:
    """The wheel as ``_wheel.html`` documents it (see there for each parameter)."""
    wheel = conditional_escape(gettext("The wheel"))
    empty = conditional_escape(gettext("Empty slot"))
    out = [f'<section class="wheel" id="wheel" aria-label="{wheel}">\n<ol class="wheel-areas">\n']
    for area, tiles in enumerate(areas):
        owner = owners.get(area, "")
        if owner or len(owners) > 1:
            # A piece ends in a newline: the template included _piece.html, which ends in one.
            drawn = "".join(
                f'<span class="wheel-empty" role="img" aria-label="{empty}"></span>'
                if tile is None
                else f"{piece_html(piece_view(tile))}\n"
                for tile in tiles
            )
            out.append(
                f'<li class="wheel-area{" mine" if area == mine else ""}">\n'
                f'<p class="wheel-owner">{_owner_words(area, mine, owner)}</p>\n'
                f'<div class="wheel-tiles">{drawn}</div>\n</li>'
            )
        out.append("\n")
    out.append("</ol>\n</section>")
    return mark_safe("".join(out))
