"""The scores table of a game page, drawn in Python: ``{% load scores %}{% scores %}``.

The table is on every game page and in every table panel a poll sends; drawing its five rows of
ten cells through the template language cost more than the rest of the panel around it. This
writes exactly the markup ``games/_scores.html`` documents, in one pass, as the county and the
wheel are drawn (``games.page.county_html``, ``games.page.wheel_html``); names go through the
same ``{% player %}`` as everywhere else.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from games.page.model import PlayerPanel
from games.templatetags.players import player

register = template.Library()

_HEAD = """  <thead><tr>
    {rank}
    <th scope="col" class="name">Player</th>
    {round}
    <th scope="col" title="Largest filled rectangle">Area</th>
    <th scope="col">Flock</th>
    <th scope="col" title="Largest Flock marker">Marker</th>
    <th scope="col">Whiskey</th>
    <th scope="col">Stones</th>
    <th scope="col"><abbr title="Exploration">Explore</abbr></th>
    <th scope="col">Total</th>
  </tr></thead>
"""


#: Whether the seat's person has the table open now (see ``_scores.html``).
_PRESENCE = (
    ' <span class="presence" data-seat="{position}" hidden><span class="presence-dot"'
    ' aria-hidden="true"></span> <span class="presence-words">not here</span></span>'
)


def _state(p: PlayerPanel) -> str:
    if not p.done:
        return '<span class="waiting">playing</span>'
    if p.autopiloted:
        return '<span class="done">played by autopilot</span>'
    return '<span class="done">done</span>'


def _row(p: PlayerPanel, final: bool) -> str:
    score = p.score
    name = str(player(p.seat)) + (" (you)" if p.is_me else "")
    if not final and p.seat.user_id:
        name += _PRESENCE.format(position=p.position)
    if p.away and not final:
        name += f' <span class="badge away">{conditional_escape(p.away)}</span>'
    note = ""
    if p.streak_note and not final:
        note = '<br><span class="muted autopilot-note">last round played by autopilot</span>'
    rank = f'<td class="rank">{p.rank}</td>' if final else ""
    state = "" if final else f'<td class="state">{_state(p)}</td>'
    marker = "★ " if p.holds_marker else ""
    me = ' class="me"' if p.is_me else ""
    return (
        f"\n    <tr{me}>\n"
        f"      {rank}\n"
        f'      <th scope="row">{name}\n'
        f"        {note}</th>\n"
        f"      {state}\n"
        f'      <td class="part" data-label="Area">{score.area}</td>\n'
        f'      <td class="part" data-label="Flock">{score.flock}</td>\n'
        f'      <td class="part" data-label="Marker">{marker}{score.marker}</td>\n'
        f'      <td class="part" data-label="Whiskey" title="Barrel on space {p.barrel}">'
        f"{score.whiskey}</td>\n"
        f'      <td class="part" data-label="Stones">{score.stones}</td>\n'
        f'      <td class="part" data-label="Explore">{score.exploration}</td>\n'
        f'      <td class="total" data-label="Total"><strong>{score.total}</strong></td>\n'
        "    </tr>\n  "
    )


def render_scores(players: Iterable[PlayerPanel], final: bool) -> SafeString:
    """The scores as ``_scores.html`` documents them (see there for the parameters)."""
    label = "Final ranking" if final else "Scores"
    caption = "Final ranking" if final else "Scores as they would stand now"
    head = _HEAD.format(
        rank='<th scope="col">Rank</th>' if final else "",
        round="" if final else '<th scope="col">Round</th>',
    )
    return mark_safe(
        f'<div class="table-scroll" tabindex="0" role="region" aria-label="{label}">\n'
        '<table class="scores">\n'
        f'  <caption class="sr-only">{caption} (R6.2)</caption>\n'
        f"{head}  <tbody>\n  {''.join(_row(p, final) for p in players)}\n"
        "  </tbody>\n</table>\n</div>\n"
    )


@register.simple_tag(name="scores", takes_context=True)
def draw_scores(context: template.Context) -> SafeString:
    """Draw the scores the including ``_scores.html`` was given (see its parameters)."""
    return render_scores(context.get("players") or (), bool(context.get("final")))
