"""The other counties of a seated player's table panel, built in Python.

Every game page and every ``#game`` a poll sends after a change shows the four other counties,
each under a line of words; drawing those through the template language (an include, a
translation and the county told in words for each) cost more than the counties themselves,
which come drawn from ``games.page.county_cache``. This writes exactly the markup the section
of ``games/game.html`` drew, in one pass, as the wheel and the scores are drawn.

An answer to a page that shows the counties as they stand (``games.page.board``) carries each
as an empty ``hx-preserve`` stand-in, and htmx keeps the one the page has.
"""

from __future__ import annotations

from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.page.county_cache import counties_html, county_words
from games.page.model import GamePage, PlayerPanel


def player_state(page: GamePage, player: PlayerPanel) -> str:
    """A player's points once the game is over, else whether their turn is done."""
    if page.finished:
        points = player.score.total
        words = ngettext("%(points)s point", "%(points)s points", points)
        return words % {"points": conditional_escape(localize(points))}
    return conditional_escape(gettext("done") if player.done else gettext("still playing"))


def county_title(player: PlayerPanel) -> str:
    """The title of ``player``'s county, drawn small in the table panel."""
    return gettext("%(name)s’s county") % {"name": conditional_escape(player.seat.name)}


def render_others(page: GamePage, kept: bool = False) -> SafeString:
    """The ``<section class="others">`` of the table panel: every county but the viewer's.

    ``kept``: the page asking already shows these counties (``games.page.board``), so each is
    an empty stand-in htmx fills with the page's own (``hx-preserve``).
    """
    heading = conditional_escape(gettext("The other counties"))
    out = [
        '<section class="others" aria-labelledby="others-title">\n'
        f'        <h2 id="others-title">{heading}</h2>\n        '
    ]
    others = [p for p in page.players if not p.is_me]
    drawn = [] if kept else counties_html([(p.county, "small", county_title(p)) for p in others])
    for index, p in enumerate(others):
        name = conditional_escape(p.seat.name)
        board = f'<div class="other-board" id="other-board-{p.position}"'
        if kept:
            board += ' hx-preserve="true"></div>'
        else:
            board += f">{drawn[index]}\n</div>"
        out.append(
            f'\n          <details class="other-county" id="other-county-{p.position}">\n'
            "            <summary>\n"
            f'              <span class="who">{name}</span>\n'
            f'              <span class="state">{player_state(page, p)}</span>\n'
            "            </summary>\n"
            f'            <p class="sr-only">{conditional_escape(county_words(p.county))}</p>\n'
            "          </details>\n          \n          "
            f"{board}\n        "
        )
    out.append("\n      </section>")
    return mark_safe("".join(out))
