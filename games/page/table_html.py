"""The table panel of the game page built in Python: the poll, the players and their scores, the
supplies, the wheel, the table talk and the other counties (``<aside id="table">``).

Every page, every ``#game`` and every ``#table`` a poll sends after a change draws it. Its parts
were already drawn in Python; the glue between them (three includes, a tag per part, three
translations with their counts and the conditions round them) still cost the template language
about a third of a millisecond of each. ``tests/games/test_table_html.py`` holds the template's
section and compares.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.access import TableAccess
from games.page.chat_html import viewer_panel
from games.page.model import GamePage
from games.page.others_html import render_others
from games.page.poll_html import page_poll
from games.page.scores_html import render_scores
from games.page.wheel_html import KEPT as WHEEL_KEPT
from games.page.wheel_html import render_wheel


@dataclass(frozen=True)
class Kept:
    """What of the panel the page that asked shows as it stands (``games.views.play._kept``),
    each sent as the stand-in htmx keeps the page's own by; and the board's marks when the view
    worked them out already (``games.page.board.board_kept``)."""

    chat: bool = False
    counties: bool = False
    wheel: bool = False
    counties_mark: str = ""
    wheel_mark: str = ""


def _supplies(page: GamePage) -> str:
    shown = page.shown
    return " · ".join(
        words % {"count": conditional_escape(localize(count))}
        for words, count in (
            (gettext("Sheep left: %(count)s"), shown.sheep_supply),
            (gettext("Bonus tiles left: %(count)s"), len(shown.bonus_stack)),
            (gettext("Towers left: %(count)s"), shown.tower_supply),
        )
    )


def render_table_panel(
    request: HttpRequest, access: TableAccess, page: GamePage, *, csrf_token: object, kept: Kept
) -> SafeString:
    """The ``<aside id="table">`` of ``access``'s page for the person asking in ``request``."""
    duplicate = access.game.variant == "duplicate"  # a challenge entry, played alone
    label = conditional_escape(gettext("The table"))
    out = [f'<aside id="table" class="table-panel" aria-label="{label}">\n']
    if not page.finished or not duplicate:  # once finished, only the table talk changes
        counties, wheel = kept.counties_mark, kept.wheel_mark
        out.append(page_poll(access, page, request.user.pk, counties=counties, wheel=wheel))
    if not page.finished:
        players = conditional_escape(gettext("Players"))
        out.append(
            '\n<section class="panel" aria-labelledby="players-title">\n'
            f'<h2 id="players-title">{players}</h2>\n'
            f"{render_scores(page.players, final=False)}"
            f'<p class="supplies">{_supplies(page)}</p>\n</section>\n'
        )
        if not page.towers_step:
            if kept.wheel:
                out.append(WHEEL_KEPT)
            else:
                out.append(render_wheel(page.shown.areas, page.my_area, page.owners))
    if not duplicate:
        out.append(viewer_panel(request, access, csrf_token=csrf_token, kept=kept.chat))
        if page.me:  # a spectator sees every county large in place of a turn
            out.append(render_others(page, kept=kept.counties))
    out.append("\n</aside>")
    return mark_safe("".join(out))
