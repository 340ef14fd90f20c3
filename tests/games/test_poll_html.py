"""The game page's poll, drawn in Python, is the very markup the template drew before: for a
seated player and a spectator, a challenge entry (no talk), a table in play, one advancing to
its next round and one over."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.template import engines

from games.page.live import Token
from games.page.poll_html import render_poll

OLD_POLL = """{% load streams %}<div id="poll" hx-get="{% url 'games:status' game.pk %}?t={{ page.token }}&amp;v={{ user.pk }}{% if game.variant != "duplicate" %}&amp;c={{ talk_mark }}{% if page.me %}&amp;k={{ counties_mark }}&amp;w={{ wheel_mark }}{% endif %}{% endif %}" hx-trigger="{% if page.finished %}every 30s{% elif page.advancing %}load, every 1s{% else %}every 10s{% endif %}, streamed" hx-target="#table" hx-swap="outerHTML" data-token="{{ page.token }}" data-stream="{% stream_url game.pk page.token %}">{% if game.variant != "duplicate" %}<input type="hidden" name="c" value="{{ talk_mark }}">{% if page.me %}<input type="hidden" name="k" value="{{ counties_mark }}"><input type="hidden" name="w" value="{{ wheel_mark }}">{% endif %}{% endif %}</div>"""  # noqa: E501 (a template tag cannot span lines)

TOKEN = Token.parse("0123456789ab" * 2)


@pytest.mark.parametrize("variant", ["standard", "duplicate"])
@pytest.mark.parametrize("seated", [True, False])
@pytest.mark.parametrize("stage", ["playing", "advancing", "finished"])
@pytest.mark.parametrize("streams", [True, False])
def test_the_poll_is_what_the_template_drew(
    variant: str, seated: bool, stage: str, streams: bool, settings: object
) -> None:
    settings.STREAMS_REDIS_URL = "redis://127.0.0.1:6379/0" if streams else ""  # type: ignore[attr-defined]
    assert TOKEN is not None
    game = SimpleNamespace(pk=41, variant=variant)
    page = SimpleNamespace(
        token=TOKEN,
        me=object() if seated else None,
        finished=stage == "finished",
        advancing=stage == "advancing",
    )
    marks = {"talk_mark": "4.1", "counties_mark": "ab12cd", "wheel_mark": "ef34aa"}
    context = {"game": game, "page": page, "user": SimpleNamespace(pk=9), **marks}
    old = engines["django"].from_string(OLD_POLL).render(context)
    by_name = {"c": "4.1", "k": "ab12cd", "w": "ef34aa"}
    new = render_poll(game, page, 9, by_name)  # type: ignore[arg-type]
    assert new == old
