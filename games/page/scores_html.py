"""The scores table of a game page, drawn in Python (``{% load scores %}{% scores %}``).

The table is on every game page and in every table panel a poll sends; drawing its five rows of
ten cells through the template language cost more than the rest of the panel around it. This
writes exactly the markup ``games/_scores.html`` documents, in one pass, as the county and the
wheel are drawn (``games.page.county_html``, ``games.page.wheel_html``); names go through the
same ``{% player %}`` as everywhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext

from games.page.model import PlayerPanel
from games.page.player_html import player

_HEAD = """  <thead><tr>
    {rank}
    <th scope="col" class="name">{player}</th>
    {round}
    <th scope="col" title="{area_title}">{area}</th>
    <th scope="col">{flock}</th>
    <th scope="col" title="{marker_title}">{marker}</th>
    <th scope="col">{whiskey}</th>
    <th scope="col">{stones}</th>
    <th scope="col"><abbr title="{explore_title}">{explore}</abbr></th>
    <th scope="col">{total}</th>
  </tr></thead>
"""


def _words() -> dict[str, str]:
    """The table's words in the reader's language, escaped for HTML (looked up once per
    language: some twenty look-ups a table)."""
    return _words_in(get_language())


@cache  # bounded: the site's languages
def _words_in(language: str | None) -> dict[str, str]:
    words = {
        "player": gettext("Player"),
        "area_title": gettext("Largest filled rectangle"),
        # Translators: a column of the scores: the largest filled rectangle (R6.2.1).
        "area": pgettext("scores", "Area"),
        # Translators: a column of the scores: the largest flock (R6.2.2).
        "flock": pgettext("scores", "Flock"),
        "marker_title": gettext("Largest Flock marker"),
        # Translators: a column of the scores: the Largest Flock marker (R6.2.3).
        "marker": pgettext("scores", "Marker"),
        "whiskey": pgettext("scores", "Whiskey"),
        # Translators: a column of the scores: the stone circles (R6.2.5).
        "stones": pgettext("scores", "Stones"),
        "explore_title": gettext("Exploration"),
        # Translators: a short column heading of the scores for "Exploration" (R6.2.6).
        "explore": pgettext("scores", "Explore"),
        "total": pgettext("scores", "Total"),
        "rank_col": pgettext("scores", "Rank"),
        "round_col": pgettext("scores", "Round"),
        # Translators: the person of this seat does not have the table open now.
        "not_here": gettext("not here"),
        # Translators: the state of a seat this round: still playing its turn.
        "playing": pgettext("seat state", "playing"),
        "autopilot": gettext("played by autopilot"),
        # Translators: the state of a seat this round: its turn is done.
        "done": pgettext("seat state", "done"),
        # Translators: after the reader's own name in the scores.
        "you": gettext("(you)"),
        "streak": gettext("last round played by autopilot"),
        "final": gettext("Final ranking"),
        "scores": gettext("Scores"),
        "now": gettext("Scores as they would stand now"),
    }
    return {key: conditional_escape(value) for key, value in words.items()}


#: Whether the seat's person has the table open now (see ``_scores.html``).
_PRESENCE = (
    ' <span class="presence" data-seat="{position}" hidden><span class="presence-dot"'
    ' aria-hidden="true"></span> <span class="presence-words">{not_here}</span></span>'
)


def _state(p: PlayerPanel, w: dict[str, str]) -> str:
    if not p.done:
        return f'<span class="waiting">{w["playing"]}</span>'
    if p.autopiloted:
        return f'<span class="done">{w["autopilot"]}</span>'
    return f'<span class="done">{w["done"]}</span>'


def _row(p: PlayerPanel, final: bool, w: dict[str, str]) -> str:
    score = p.score
    name = str(player(p.seat)) + (f" {w['you']}" if p.is_me else "")
    if not final and p.seat.user_id:
        name += _PRESENCE.format(position=p.position, not_here=w["not_here"])
    if p.away and not final:
        name += f' <span class="badge away">{conditional_escape(p.away)}</span>'
    note = ""
    if p.streak_note and not final:
        note = f'<br><span class="muted autopilot-note">{w["streak"]}</span>'
    rank = f'<td class="rank">{p.rank}</td>' if final else ""
    state = "" if final else f'<td class="state">{_state(p, w)}</td>'
    marker = "★ " if p.holds_marker else ""
    me = ' class="me"' if p.is_me else ""
    barrel = conditional_escape(gettext("Barrel on space %(space)d") % {"space": p.barrel})
    return (
        f"\n    <tr{me}>\n"
        f"      {rank}\n"
        f'      <th scope="row">{name}\n'
        f"        {note}</th>\n"
        f"      {state}\n"
        f'      <td class="part" data-label="{w["area"]}">{score.area}</td>\n'
        f'      <td class="part" data-label="{w["flock"]}">{score.flock}</td>\n'
        f'      <td class="part" data-label="{w["marker"]}">{marker}{score.marker}</td>\n'
        f'      <td class="part" data-label="{w["whiskey"]}" title="{barrel}">'
        f"{score.whiskey}</td>\n"
        f'      <td class="part" data-label="{w["stones"]}">{score.stones}</td>\n'
        f'      <td class="part" data-label="{w["explore"]}">{score.exploration}</td>\n'
        f'      <td class="total" data-label="{w["total"]}"><strong>{score.total}</strong></td>\n'
        "    </tr>\n  "
    )


def render_scores(players: Iterable[PlayerPanel], final: bool) -> SafeString:
    """The scores as ``_scores.html`` documents them (see there for the parameters)."""
    w = _words()
    label = w["final"] if final else w["scores"]
    caption = w["final"] if final else w["now"]
    head = _HEAD.format(
        rank=f'<th scope="col">{w["rank_col"]}</th>' if final else "",
        round="" if final else f'<th scope="col">{w["round_col"]}</th>',
        **w,
    )
    return mark_safe(
        f'<div class="table-scroll" tabindex="0" role="region" aria-label="{label}">\n'
        '<table class="scores">\n'
        f'  <caption class="sr-only">{caption} (R6.2)</caption>\n'
        f"{head}  <tbody>\n  {''.join(_row(p, final, w) for p in players)}\n"
        "  </tbody>\n</table>\n</div>\n"
    )
