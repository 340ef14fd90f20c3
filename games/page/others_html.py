"""The other counties of a seated player's table panel, built in Python.

Every game page and every ``#game`` a poll sends after a change shows the four other counties,
each under a line of words; drawing those through the template language (an include, a
translation and the county told in words for each) cost more than the counties themselves,
which come drawn from ``games.page.county_cache``. This writes exactly the markup the section
of ``games/game.html`` drew, in one pass, as the wheel and the scores are drawn.
"""

from __future__ import annotations

from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.page.county_cache import county_html, county_words
from games.page.model import GamePage, PlayerPanel


def _state(page: GamePage, player: PlayerPanel) -> str:
    if page.finished:
        points = player.score.total
        words = ngettext("%(points)s point", "%(points)s points", points)
        return words % {"points": conditional_escape(localize(points))}
    return conditional_escape(gettext("done") if player.done else gettext("still playing"))


def render_others(page: GamePage) -> SafeString:
    """The ``<section class="others">`` of the table panel: every county but the viewer's."""
    heading = conditional_escape(gettext("The other counties"))
    out = [
        '<section class="others" aria-labelledby="others-title">\n'
        f'        <h2 id="others-title">{heading}</h2>\n        '
    ]
    for p in page.players:
        if p.is_me:
            continue
        name = conditional_escape(p.seat.name)
        title = SafeString(gettext("%(name)s’s county") % {"name": name})
        out.append(
            '\n          <details class="other-county">\n'
            "            <summary>\n"
            f'              <span class="who">{name}</span>\n'
            f'              <span class="state">{_state(page, p)}</span>\n'
            "            </summary>\n"
            f'            <p class="sr-only">{conditional_escape(county_words(p.county))}</p>\n'
            "          </details>\n          \n          "
            f"{county_html(p.county, size='small', title=title)}\n\n        "
        )
    out.append("\n      </section>")
    return mark_safe("".join(out))
