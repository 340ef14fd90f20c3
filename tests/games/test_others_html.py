"""The other counties of a seated player's table panel, drawn in Python, are the very markup the
template drew before.

The template section it replaces is kept here (each county now in a box a poll's answer may
keep, ``other-board``), and rendered beside the new one for the same page: in play and at the
end, in every language, with a name that must be escaped.
"""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.template import engines
from django.test import Client
from django.utils import translation

from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.page.model import GamePage
from games.page.others_html import render_others
from tests.games.playing import any_legal_action, play_to_end, step_of

# The section of games/game.html as the template language drew it.
OLD_OTHERS = """{% load i18n %}<section class="others" aria-labelledby="others-title">
        <h2 id="others-title">{% translate "The other counties" %}</h2>
        {% for p in page.players %}{% if not p.is_me %}
          <details class="other-county" id="other-county-{{ p.position }}">
            <summary>
              <span class="who">{{ p.seat.name }}</span>
              <span class="state">{% if page.finished %}{% blocktranslate trimmed count points=p.score.total %}{{ points }} point{% plural %}{{ points }} points{% endblocktranslate %}{% elif p.done %}{% translate "done" %}{% else %}{% translate "still playing" %}{% endif %}</span>
            </summary>
            <p class="sr-only">{{ p.county.description }}</p>
          </details>
          {% blocktranslate trimmed asvar county_title with name=p.seat.name %}{{ name }}’s county{% endblocktranslate %}
          <div class="other-board" id="other-board-{{ p.position }}">{% include "games/_county.html" with grid=p.county size="small" title=county_title overlay=None targets=None cell_url=None %}</div>
        {% endif %}{% endfor %}
      </section>"""  # noqa: E501 (a template tag cannot span lines)

LANGUAGES = ("en", "de", "fr", "es")


def _old(page: GamePage) -> str:
    return engines["django"].from_string(OLD_OTHERS).render({"page": page})


def _page(client: Client, viewer: User, game: Game) -> tuple[GamePage, str]:
    client.force_login(viewer)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.context["page"], response.content.decode()


def test_the_other_counties_are_drawn_as_before_in_play(
    client: Client, host: User, named: User, started: Game
) -> None:
    notation = any_legal_action(load_state(started), 0, random.Random(3))
    assert notation is not None
    services.submit_action(started.pk, host, notation, step_of(started, host))
    for viewer in (host, named):  # one sees a player still playing, the other one done
        page, html = _page(client, viewer, started)
        assert render_others(page) in html
        for language in LANGUAGES:
            with translation.override(language):
                assert render_others(page) == _old(page)


def test_the_other_counties_are_drawn_as_before_at_the_end(
    client: Client, host: User, named: User, started: Game
) -> None:
    finished = play_to_end(started, random.Random(31))
    page, html = _page(client, host, finished)
    assert page.finished
    assert render_others(page) in html
    assert "B&lt;r&gt;&amp;&quot;en&#x27;dan" in render_others(page)
    for language in LANGUAGES:
        with translation.override(language):
            assert render_others(page) == _old(page)
