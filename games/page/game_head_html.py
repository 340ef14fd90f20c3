"""The head of the game page built in Python: the table's name, its links (history, replay, the
week's results or the tournament) and where the game stands (the round and when it ends).

It heads every page and every ``#game`` a move or a poll sends; drawn through the template
language (two addresses, four translations with their dates, an included template) it cost
about a third of a millisecond of each. ``tests/games/test_game_head_html.py`` holds the
template's section and compares.
"""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timeuntil
from django.utils.translation import gettext

from games.models import Game
from games.page.model import GamePage
from tipperary_site.dates import iso, written


def time_left(deadline: datetime | None, live: bool) -> str:
    """The time left to ``deadline``, counted down on a live table's page
    (``static/js/countdown.js``)."""
    if not deadline:
        return ""
    countdown = ' data-countdown role="timer"' if live else ""
    left = gettext("%(left)s left") % {"left": escape(timeuntil(deadline))}
    return f'<time datetime="{iso(deadline)}"{countdown}>{left}</time>'


def _standing(game: Game, page: GamePage) -> str:
    """Where the game stands: over, at its towers step, or a round and when it ends."""
    if page.finished:
        return escape(gettext("Game over"))
    if page.towers_step:
        return escape(gettext("Final step: towers"))
    shown = page.shown
    words = gettext("Round %(round)s of %(rounds)s") % {
        "round": shown.round,
        "rounds": shown.rounds_total,
    }
    deadline = page.deadline
    if not deadline:
        return words
    local = timezone.localtime(deadline)
    when = date_format(local, "H:i:s T") if game.is_live else written(local, "deadline")
    ends = gettext('ends <time datetime="%(iso)s">%(when)s</time>') % {
        "iso": escape(iso(deadline)),
        "when": escape(when),
    }
    return f"{words}\n        · {ends} ({time_left(deadline, game.is_live)})"


def render_game_head(game: Game, page: GamePage) -> SafeString:
    """The ``<header class="game-head">`` of ``game``'s page."""
    links = [
        (reverse("games:history", args=[game.pk]), gettext("History")),
        (reverse("games:replay", args=[game.pk]), gettext("Replay")),
    ]
    if game.challenge_id:
        week = game.challenge.week  # type: ignore[union-attr]
        links.append((reverse("challenge:week", args=[week]), gettext("The week's results")))
    if game.tournament_id:
        event = reverse("tournaments:event", args=[game.tournament_id])
        links.append((event, gettext("The tournament")))
    linked = "".join(
        f'\n    <a class="history-link" href="{url}">{escape(words)}</a>' for url, words in links
    )
    return mark_safe(
        f'<header class="game-head">\n    <h1>{escape(str(game))}</h1>{linked}\n'
        f'    <p class="game-meta">\n      {_standing(game, page)}\n    </p>\n  </header>'
    )
