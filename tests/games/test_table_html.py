"""The table panel of the game page, drawn in Python, is the very markup the template drew before.

The section of ``games/game.html`` it replaces is kept here, as it was (its poll, whose marks it
drew through a tag, now given drawn: ``test_poll_html`` compares the poll itself), and rendered
beside the new one for the same pages: a seated player's and a spectator's in play, with what
the asking page keeps (the talk, the other counties, the wheel) and without, at the towers step,
at the end, and a weekly challenge entry in play and at its end, in every language. Spaces
between tags may differ; nothing else may.
"""

from __future__ import annotations

import random

import time_machine
from django.contrib.auth.models import User
from django.template import Context
from django.test import Client
from django.utils import translation

from games.models import Game
from games.page.board import counties_mark, wheel_mark
from games.page.model import GamePage
from games.page.poll_html import page_poll
from games.page.table_html import Kept, render_table_panel
from tests.challenge.weeks import TUESDAY, entry_of
from tests.games import as_it_was
from tests.games.markup import spaced
from tests.games.playing import play_round, play_to_end

OLD_TABLE = """{% load i18n chat as_it_was %}
    <aside id="table" class="table-panel" aria-label="{% translate "The table" %}">
      {% if not page.finished or game.variant != "duplicate" %}{# once finished, only the table talk changes #}
        {{ poll }}
      {% endif %}
      {% if not page.finished %}
      <section class="panel" aria-labelledby="players-title">
        <h2 id="players-title">{% translate "Players" %}</h2>
        {% include "games/_scores.html" with players=page.players final=False %}
        <p class="supplies">{% blocktranslate trimmed with count=page.shown.sheep_supply %}Sheep left: {{ count }}{% endblocktranslate %} · {% blocktranslate trimmed with count=page.shown.bonus_stack|length %}Bonus tiles left: {{ count }}{% endblocktranslate %} · {% blocktranslate trimmed with count=page.shown.tower_supply %}Towers left: {{ count }}{% endblocktranslate %}</p>
      </section>
      {% if not page.towers_step %}{% include "games/_wheel.html" with areas=page.shown.areas mine=page.my_area owners=page.owners %}{% endif %}
      {% endif %}
      {% if game.variant != "duplicate" %}{# a challenge entry is played alone: nobody to talk to #}
      {% chat_panel %}
      {% if page.me %}{# a spectator sees every county large in place of a turn #}
      {% other_counties %}
      {% endif %}
      {% endif %}
    </aside>"""  # noqa: E501 (a template tag cannot span lines)

LANGUAGES = ("en", "de", "fr", "es")
OLD = as_it_was.engine()
TOKEN = "csrf-token-drawn-per-response"


def _compare(client: Client, viewer: User, game: Game) -> tuple[GamePage, str]:
    """Both drawings of ``viewer``'s table panel, with nothing kept and with all kept, compared
    in every language; the page and what it showed."""
    client.force_login(viewer)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    page, access = response.context["page"], response.context["access"]
    request = response.wsgi_request
    marks = {"counties_mark": counties_mark(page), "wheel_mark": wheel_mark(page)}
    for keeps in (False, True):
        kept = Kept(chat=keeps, counties=keeps, wheel=keeps, **(marks if keeps else {}))
        for language in LANGUAGES:
            with translation.override(language):
                poll = page_poll(
                    access, page, viewer.pk, counties=kept.counties_mark, wheel=kept.wheel_mark
                )
                context = {
                    "page": page, "access": access, "game": access.game, "request": request,
                    "csrf_token": TOKEN, "poll": poll, "chat_kept": kept.chat,
                    "counties_kept": kept.counties, "wheel_kept": kept.wheel,
                }  # fmt: skip
                old = OLD.from_string(OLD_TABLE).render(Context(context))
                new = render_table_panel(request, access, page, csrf_token=TOKEN, kept=kept)
                assert spaced(new) == spaced(old), (language, keeps)
    return page, response.content.decode()


def test_the_panel_is_drawn_as_before_in_play_for_players_and_spectators(
    client: Client, host: User, named: User, outsider: User, started: Game
) -> None:
    game = play_round(started, random.Random(5))
    for viewer in (host, named, outsider):
        _, html = _compare(client, viewer, game)
        assert 'id="table"' in html and "B&lt;r&gt;&amp;&quot;en&#x27;dan" in html


def test_the_panel_is_drawn_as_before_at_the_towers_step_and_at_the_end(
    client: Client, host: User, named: User, started: Game
) -> None:
    rng, game, towers_seen = random.Random(31), started, False
    while game.status == "playing":
        game = play_round(game, rng)
        page, _ = _compare(client, host, game)
        towers_seen |= page.towers_step
    assert towers_seen  # the seed reaches the towers step
    assert page.finished
    _compare(client, named, game)  # the host's was the last above


def test_a_challenge_entry_is_drawn_as_before_in_play_and_at_its_end(
    client: Client, host: User
) -> None:
    with time_machine.travel(TUESDAY):
        entry = entry_of(host, rounds=3, chooser=7)
        _compare(client, host, entry)
        finished = play_to_end(entry, random.Random(7))
        _compare(client, host, finished)
