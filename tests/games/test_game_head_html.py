"""The head of the game page, drawn in Python, is the very markup the template drew before.

The section of ``games/game.html`` it replaces is kept here, as it was, and rendered beside the
new one for the same tables: in play (by days and live), at the towers step, over, an entry of
the week's challenge and a tournament's table, in every language. Spaces between tags may
differ; nothing else may.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
import time_machine
from django.template import engines
from django.utils import timezone, translation

from games.page.game_head_html import render_game_head, time_left

OLD_HEAD = (  # the section of games/game.html as it was, _time_left.html in place
    """{% load i18n local_time %}<header class="game-head">
    <h1>{{ game }}</h1>
    <a class="history-link" href="{% url 'games:history' game.pk %}">{% translate "History" %}</a>
    <a class="history-link" href="{% url 'games:replay' game.pk %}">{% translate "Replay" %}</a>
    {% if game.challenge_id %}<a class="history-link" href="{% url 'challenge:week' game.challenge.week %}">{% translate "The week's results" %}</a>{% endif %}
    {% if game.tournament_id %}<a class="history-link" href="{% url 'tournaments:event' game.tournament_id %}">{% translate "The tournament" %}</a>{% endif %}
    <p class="game-meta">
      {% if page.finished %}{% translate "Game over" %}
      {% elif page.shown.phase == "towers" %}{% translate "Final step: towers" %}
      {% else %}{% blocktranslate trimmed with round=page.shown.round rounds=page.shown.rounds_total %}Round {{ round }} of {{ rounds }}{% endblocktranslate %}
        {% if page.deadline %}· {% if game.is_live %}{% blocktranslate trimmed with iso=page.deadline|iso when=page.deadline|date:"H:i:s T" %}ends <time datetime="{{ iso }}">{{ when }}</time>{% endblocktranslate %}{% else %}{% blocktranslate trimmed with iso=page.deadline|iso when=page.deadline|when:"deadline" %}ends <time datetime="{{ iso }}">{{ when }}</time>{% endblocktranslate %}{% endif %} ({% with deadline=page.deadline live=game.is_live %}{% if deadline %}<time datetime="{{ deadline|iso }}"{% if live %} data-countdown role="timer"{% endif %}>{% blocktranslate trimmed with left=deadline|timeuntil %}{{ left }} left{% endblocktranslate %}</time>{% endif %}{% endwith %}){% endif %}
      {% endif %}
    </p>
  </header>"""  # noqa: E501 (a template tag cannot span lines)
)
OLD_TIME_LEFT = """{% load i18n local_time %}{% if deadline %}<time datetime="{{ deadline|iso }}"{% if live %} data-countdown role="timer"{% endif %}>{% blocktranslate trimmed with left=deadline|timeuntil %}{{ left }} left{% endblocktranslate %}</time>{% endif %}"""  # noqa: E501
NOW = datetime(2026, 12, 5, 9, 30, tzinfo=UTC)
LANGUAGES = ("en", "de", "fr", "es")


class Table(SimpleNamespace):
    def __str__(self) -> str:
        return str(self.name)


def _table(**changes: object) -> Table:
    fields: dict[str, object] = {
        "pk": 7, "name": "Ann & Bob's <table>", "is_live": False, "challenge_id": None,
        "challenge": None, "tournament_id": None,
    }  # fmt: skip
    return Table(**{**fields, **changes})


def _page(phase: str = "tiles", finished: bool = False, deadline: object = None) -> object:
    shown = SimpleNamespace(phase=phase, round=4, rounds_total=10)
    return SimpleNamespace(
        shown=shown, finished=finished, deadline=deadline, towers_step=phase == "towers"
    )


SOON = NOW + timedelta(hours=5, minutes=12)
CASES = {
    "in play, by days": (_table(), _page(deadline=SOON)),
    "in play, live": (_table(is_live=True), _page(deadline=NOW + timedelta(seconds=95))),
    "the round over, no deadline": (_table(), _page()),
    "towers": (_table(), _page(phase="towers", deadline=SOON)),
    "over": (_table(), _page(finished=True)),
    "a challenge entry": (
        _table(challenge_id=3, challenge=SimpleNamespace(week="2026-W49")),
        _page(deadline=SOON),
    ),
    "a tournament's table": (_table(tournament_id=5), _page(deadline=SOON)),
}


def _spaced(html: str) -> str:
    """``html`` with its spaces as one, and apostrophes as written (the template left those
    of its own words as they are; Python escapes every word it is given)."""
    return re.sub(r"\s+", " ", html).strip().replace("&#x27;", "'")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", CASES)
@time_machine.travel(NOW, tick=False)
def test_the_head_is_what_the_template_drew(case: str, language: str) -> None:
    game, page = CASES[case]
    with translation.override(language), timezone.override("Europe/Berlin"):
        old = engines["django"].from_string(OLD_HEAD).render({"game": game, "page": page})
        assert _spaced(render_game_head(game, page)) == _spaced(old)  # type: ignore[arg-type]


@pytest.mark.parametrize("live", [False, True])
@time_machine.travel(NOW, tick=False)
def test_the_time_left_is_what_its_template_drew(live: bool) -> None:
    template = engines["django"].from_string(OLD_TIME_LEFT)
    for deadline in (None, SOON, NOW + timedelta(days=2, hours=1)):
        old = template.render({"deadline": deadline, "live": live})
        assert time_left(deadline, live) == old
