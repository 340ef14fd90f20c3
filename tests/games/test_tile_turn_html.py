"""The tile turn of the game page, drawn in Python, is the very markup the template drew before.

The section of ``games/game.html`` it replaces is kept here, as it was, and rendered beside the
new one for the same turns: before a tile is chosen, at a spot where it fits (with what it
brings), at one where it does not (the engine's reason, with its rule linked), at a table where
the expert's hint is offered and one where it is not, in every language. Spaces between tags
may differ; nothing else may.
"""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User
from django.template import engines
from django.test import Client
from django.utils import translation

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game, RoundTime
from games.page.model import GamePage
from games.page.tile_turn_html import render_preview, render_tile_turn
from games.page.turn import Draft, Preview, preview
from games.review.eligible import hints_allowed
from tests.games.playing import play_round

OLD_TILE_TURN = (  # the section of games/game.html as it was ({% hint_button %} included)
    """{% load i18n partials rules counties %}
        <h2 id="turn-title" tabindex="-1">{% translate "Your turn: pick a tile and fit it into your county" %}</h2>
        {% with here=game.get_absolute_url %}<div class="choices" role="group" aria-label="{% translate "Your two tiles" %}">
          {% for choice in turn.choices %}{% if choice %}
            <a class="choice{% if turn.draft.slot == choice.0 %} chosen{% endif %}" id="choice-{{ choice.0 }}" href="{{ here }}?slot={{ choice.0 }}" hx-get="{{ here }}?slot={{ choice.0 }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" {% if turn.draft.slot == choice.0 %}aria-current="true"{% endif %} data-key="{{ forloop.counter }}">
              {% include "games/_piece.html" with piece=choice.1 size="small" %}
              <span class="choice-label">{% if turn.draft.slot == choice.0 %}{% blocktranslate trimmed with number=forloop.counter %}Tile {{ number }} (chosen){% endblocktranslate %}{% else %}{% blocktranslate trimmed with number=forloop.counter %}Tile {{ number }}{% endblocktranslate %}{% endif %}</span>
            </a>
          {% endif %}{% endfor %}
        </div>
        {% include "games/_hint.html" %}
        {{ turn.offer.data|json_script:"offer" }}
        <div class="try" id="try"{% if not turn.draft %} hidden{% endif %}>
          {% with links=turn.links %}
          {# The controls, the confirm and what the spot is worth stick to the top of the screen while the county scrolls under them (a phone). #}
          <div class="try-bar">
          <div class="controls" role="group" aria-label="{% translate "Turn and move the tile" %}">
            <a class="button small secondary" id="ctl-rotate" href="{{ here }}{{ links.rotate }}" hx-get="{{ here }}{{ links.rotate }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" data-key="r" aria-keyshortcuts="R">{% translate "Rotate" %} <kbd>R</kbd></a>
            <a class="button small secondary" id="ctl-mirror" href="{{ here }}{{ links.mirror }}" hx-get="{{ here }}{{ links.mirror }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" data-key="f" aria-keyshortcuts="F">{% translate "Mirror" %} <kbd>F</kbd></a>
            <span class="moves">
              <a class="button small secondary" id="ctl-left" href="{{ here }}{{ links.left }}" hx-get="{{ here }}{{ links.left }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" data-key="ArrowLeft" aria-keyshortcuts="ArrowLeft" aria-label="{% translate "Move left" %}">←</a>
              <a class="button small secondary" id="ctl-up" href="{{ here }}{{ links.up }}" hx-get="{{ here }}{{ links.up }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" data-key="ArrowUp" aria-keyshortcuts="ArrowUp" aria-label="{% translate "Move up" %}">↑</a>
              <a class="button small secondary" id="ctl-down" href="{{ here }}{{ links.down }}" hx-get="{{ here }}{{ links.down }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" data-key="ArrowDown" aria-keyshortcuts="ArrowDown" aria-label="{% translate "Move down" %}">↓</a>
              <a class="button small secondary" id="ctl-right" href="{{ here }}{{ links.right }}" hx-get="{{ here }}{{ links.right }}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true" data-key="ArrowRight" aria-keyshortcuts="ArrowRight" aria-label="{% translate "Move right" %}">→</a>
            </span>
            {# Jumps need placement.js, which shows them. #}
            <span class="spots">
              <button type="button" class="button small secondary" id="ctl-previous-spot" data-spot="-1" aria-keyshortcuts="Shift+N" aria-label="{% translate "Previous fit" %}" hidden>‹ {% translate "Fit" context "button: jump to a spot where the tile fits" %}</button>
              <button type="button" class="button small secondary" id="ctl-next-spot" data-spot="1" aria-keyshortcuts="N" aria-label="{% translate "Next fit" %}" hidden>{% translate "Fit" context "button: jump to a spot where the tile fits" %} ›</button>
            </span>
          </div>
          <p class="sr-only" id="spot-status" role="status" aria-live="polite"></p>
          <form method="post" action="{% url 'games:act' game.pk %}" hx-post="{% url 'games:act' game.pk %}" hx-target="#game" hx-swap="outerHTML" hx-include="#poll" class="confirm">
            {% csrf_token %}
            <input type="hidden" name="notation" value="{{ turn.preview.notation }}">
            <input type="hidden" name="step" value="{{ page.me.seat.step }}"><input type="hidden" name="round" value="{{ game.round }}">
            {% if turn.draft %}{% for name, value in turn.draft.as_fields.items %}<input type="hidden" name="{{ name }}" value="{{ value }}">{% endfor %}{% else %}<input type="hidden" name="slot" value=""><input type="hidden" name="o" value=""><input type="hidden" name="x" value=""><input type="hidden" name="y" value="">{% endif %}
            <button type="submit" class="button" id="ctl-confirm" {% if not turn.preview.legal %}disabled aria-disabled="true"{% endif %}>{% translate "Place the tile here" %}</button>
          </form>
          {% partialdef preview inline %}
          <div class="preview {% if page.turn.preview.legal %}legal{% else %}illegal{% endif %}" id="preview" role="status" aria-live="polite">
            {% if page.turn.preview %}<p><strong>{% if page.turn.preview.legal %}{% translate "Fits here." %}{% else %}{% translate "Not here:" %}{% endif %}</strong>
              {% if not page.turn.preview.legal %}{{ page.turn.preview.message|rule_links }}{% endif %}</p>
            {% if page.turn.preview.gains %}<ul>{% for gain in page.turn.preview.gains %}<li>{{ gain|rule_links }}</li>{% endfor %}</ul>{% endif %}{% endif %}
          </div>
          {% endpartialdef %}
          </div>
          {% endwith %}{% endwith %}
          <p class="hint"><span class="for-touch">{% translate "Tap a highlighted cell to put the tile there; the buttons turn, mirror and move it, and “Fit ›” jumps to the next place where it fits." %}</span><span class="for-keys">{% blocktranslate trimmed %}Click a highlighted cell to put the tile there, or use the arrow keys; <kbd>R</kbd> turns it, <kbd>F</kbd> mirrors it, <kbd>N</kbd> jumps to the next place where it fits and <kbd>Shift</kbd>+<kbd>N</kbd> back.{% endblocktranslate %}</span></p>
        </div>
        {% if not turn.draft %}<p class="prompt" id="choose-prompt">{% blocktranslate trimmed %}Choose one of your two tiles<span class="for-keys"> (keys <kbd>1</kbd> and <kbd>2</kbd>)</span>.{% endblocktranslate %}</p>{% endif %}
"""  # noqa: E501 (a template tag cannot span lines)
)
OLD_PREVIEW = (  # the #preview partial as it was
    """{% load i18n rules %}<div class="preview {% if page.turn.preview.legal %}legal{% else %}illegal{% endif %}" id="preview" role="status" aria-live="polite">
            {% if page.turn.preview %}<p><strong>{% if page.turn.preview.legal %}{% translate "Fits here." %}{% else %}{% translate "Not here:" %}{% endif %}</strong>
              {% if not page.turn.preview.legal %}{{ page.turn.preview.message|rule_links }}{% endif %}</p>
            {% if page.turn.preview.gains %}<ul>{% for gain in page.turn.preview.gains %}<li>{{ gain|rule_links }}</li>{% endfor %}</ul>{% endif %}{% endif %}
          </div>"""  # noqa: E501
)

LANGUAGES = ("en", "de", "fr", "es")
TOKEN = "csrf-token-drawn-per-response"
ASKED = ("", "?slot=0", "?slot=1&o=3", "?slot=0&o=0&x=40&y=40", "?slot=1&o=1&x=0&y=0")


def _spaced(html: str) -> str:
    return re.sub(r"\s+", " ", html).strip()


def _old(page: GamePage) -> str:
    access = page.access
    mine = access.mine
    context = {
        "page": page,
        "game": access.game,
        "turn": page.turn,
        "csrf_token": TOKEN,
        "offered": mine is not None and hints_allowed(access.game, access.seats),
        "step": mine.step if mine is not None else None,
    }
    return engines["django"].from_string(OLD_TILE_TURN).render(context)


def _new(page: GamePage) -> str:
    game = page.access.game
    return render_tile_turn(
        page, here=game.get_absolute_url(), act_url=f"/games/{game.pk}/play/", csrf_token=TOKEN
    )


def _with_gains(game: Game, position: int) -> str:
    """The query of a spot where a tile of the seat's would bring something."""
    state = load_state(game)
    for slot in (0, 1):
        for o, x, y in engine.legal_placements(state, position, slot):
            if preview(state, position, Draft(slot, o, x, y)).gains:
                return f"?slot={slot}&o={o}&x={x}&y={y}"
    raise AssertionError("no spot brings anything")


def _turns(client: Client, viewer: User, game: Game) -> list[GamePage]:
    client.force_login(viewer)
    pages = []
    for query in (*ASKED, _with_gains(game, 0)):
        response = client.get(f"/games/{game.pk}/{query}")
        assert response.status_code == 200
        page = response.context["page"]
        assert page.turn is not None and page.turn.kind == "tile"
        pages.append(page)
    return pages


def _solo(host: User) -> Game:
    return services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False,
        bots=["easy"],
    )  # fmt: skip


@pytest.mark.parametrize("table", ["two people", "alone with a bot"])
def test_the_tile_turn_is_drawn_as_before(
    client: Client, host: User, started: Game, table: str
) -> None:
    game = started if table == "two people" else _solo(host)
    rng = random.Random(5)
    for _ in range(5):  # to a county where a spot brings something
        services.play_waiting_seats(game.pk, game.round)  # the bot's turn
        game = play_round(game, rng)
    pages = _turns(client, host, game)
    tried = [p.turn.preview for p in pages if p.turn is not None and p.turn.preview is not None]
    assert any(p.legal and p.gains for p in tried) and any(not p.legal for p in tried)
    assert ('id="ask-hint"' in _new(pages[0])) == (table == "alone with a bot")
    for language in LANGUAGES:
        with translation.override(language):
            for page in pages:
                assert _spaced(_new(page)) == _spaced(_old(page))
                preview = render_preview(page.turn.preview if page.turn else None)
                assert _spaced(preview) == _spaced(
                    engines["django"].from_string(OLD_PREVIEW).render({"page": page})
                )


def test_a_rule_cited_in_a_preview_links_to_the_rules() -> None:
    refused = render_preview(Preview(False, "Not here <yet> (R4.2)."))
    brings = render_preview(Preview(True, "", gains=("Ruin runs now earn a tower (R5.5).",)))
    assert 'Not here &lt;yet&gt; (<a class="rule-link" href="/rules/#R4.2">R4.2</a>).' in refused
    assert '<li>Ruin runs now earn a tower (<a class="rule-link" href="/rules/#R5.5">' in brings
    assert 'class="preview legal"' in brings and 'class="preview illegal"' in refused
