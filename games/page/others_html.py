"""The other counties of a seated player's table panel, built in Python.

Every game page and every ``#game`` a poll sends after a change shows the four other counties,
each under a line of words; drawing those through the template language (an include, a
translation and the county told in words for each) cost more than the counties themselves,
which come drawn from ``games.page.county_cache``. This writes exactly the markup the section
of ``games/game.html`` drew, in one pass, as the wheel and the scores are drawn.

What a viewer is shown of the others' counties changes only when a round ends (a turn in play
stays hidden, R4.2), yet a neighbour's move sends the table panel again. So the page sends back
with its poll what its counties show (``k``, ``others_mark``); while it stands, the answer
carries each county as an empty ``hx-preserve`` placeholder and htmx keeps the one the page has:
some 54 KB of a 5-player table panel neither compressed nor sent again.
"""

from __future__ import annotations

import hashlib

from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.page import county_cache
from games.page.county_cache import county_html, county_words
from games.page.model import GamePage, PlayerPanel


def _state(page: GamePage, player: PlayerPanel) -> str:
    if page.finished:
        points = player.score.total
        words = ngettext("%(points)s point", "%(points)s points", points)
        return words % {"points": conditional_escape(localize(points))}
    return conditional_escape(gettext("done") if player.done else gettext("still playing"))


def _title(player: PlayerPanel) -> str:
    return gettext("%(name)s’s county") % {"name": conditional_escape(player.seat.name)}


def others_mark(page: GamePage) -> str:
    """What the other counties on the viewer's page show: a digest of their drawings' cache keys
    (each names one drawing: grid, title, language), the same for every request until a round
    ends, a name changes or the site draws counties anew."""
    others = (p for p in page.players if not p.is_me)
    # The key as ``county_cache`` has it when called (the bench's cold rows give each drawing a
    # new one, as a round's end does: tests.bench.cold).
    keys = "|".join(county_cache.cache_key(p.county, "small", _title(p)) for p in others)
    return hashlib.blake2b(keys.encode(), digest_size=6).hexdigest()


def render_others(page: GamePage, kept: bool = False) -> SafeString:
    """The ``<section class="others">`` of the table panel: every county but the viewer's.

    ``kept``: the page asking already shows these counties (its ``k`` is ``others_mark``), so
    each is an empty placeholder htmx fills with the page's own (``hx-preserve``).
    """
    heading = conditional_escape(gettext("The other counties"))
    out = [
        '<section class="others" aria-labelledby="others-title">\n'
        f'        <h2 id="others-title">{heading}</h2>\n        '
    ]
    for p in page.players:
        if p.is_me:
            continue
        name = conditional_escape(p.seat.name)
        board = f'<div class="other-board" id="other-board-{p.position}"'
        if kept:
            board += ' hx-preserve="true"></div>'
        else:
            title = SafeString(_title(p))
            board += f">{county_html(p.county, size='small', title=title)}\n</div>"
        out.append(
            f'\n          <details class="other-county" id="other-county-{p.position}">\n'
            "            <summary>\n"
            f'              <span class="who">{name}</span>\n'
            f'              <span class="state">{_state(page, p)}</span>\n'
            "            </summary>\n"
            f'            <p class="sr-only">{conditional_escape(county_words(p.county))}</p>\n'
            "          </details>\n          \n          "
            f"{board}\n        "
        )
    out.append("\n      </section>")
    return mark_safe("".join(out))
