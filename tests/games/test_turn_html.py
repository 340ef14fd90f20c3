"""The turn panel of the game page, drawn in Python, is the very markup the template drew before.

The section of ``games/game.html`` it replaces is kept here, as it was (why the autopilot plays
the seat, which a filter worked out, now given worked out), and rendered beside the new one for
the same pages: a tile turn before and while a tile is tried, a sheep or a bonus tile to place,
the towers, a turn done with the offer to take it back, everyone done, the end, a seat marked
absent, on vacation or just played by the autopilot, a spectator's, in every language; and the
"waiting for" line and the offer alone, out of band. Spaces between tags may differ; nothing
else may.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta

from django.contrib.auth.models import User
from django.template import Context
from django.test import Client
from django.utils import timezone, translation

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game, Seat
from games.page.model import GamePage
from games.page.turn_html import render_turn_panel, render_undo, render_waiting
from tests.games import as_it_was
from tests.games.markup import spaced
from tests.games.playing import any_legal_action, finish_turns, play_round, step_of

OLD_TURN = (  # the section of games/game.html as it was
    """{% load i18n partials rules as_it_was %}
    <section id="turn" class="turn" aria-labelledby="turn-title">
      {% tutorial_panel %}
      {% with turn=page.turn %}
      {% if page.me and not page.finished %}{% with away=away_reason %}{% if away == "absent" %}
        <div class="message notice" id="away-notice" role="status">
          <p>{% blocktranslate trimmed count count=page.me.seat.autopilot_streak %}You missed {{ count }} deadline in a row, so you are marked absent: the autopilot plays your turns as soon as each round starts.{% plural %}You missed {{ count }} deadlines in a row, so you are marked absent: the autopilot plays your turns as soon as each round starts.{% endblocktranslate %}</p>
          <form method="post" action="{% url 'games:take_back' game.pk %}">{% csrf_token %}
            <button type="submit" class="button" id="take-back">{% translate "Take my seat back" %}</button>
          </form>
        </div>
      {% elif away %}
        <p class="message notice" id="away-notice" role="status">{% translate "You are on vacation: the autopilot plays your rounds at this table as soon as they start." %}</p>
      {% elif page.me.seat.autopilot_streak %}
        <p class="message notice" id="away-notice" role="status">{% blocktranslate trimmed count count=page.me.seat.autopilot_streak %}The deadline passed, so the autopilot played your last turn for you.{% plural %}The deadline passed, so the autopilot played your last turns for you.{% endblocktranslate %}</p>
      {% endif %}{% endwith %}{% endif %}
      {% if page.me is None %}
        <h2 id="turn-title" tabindex="-1">{% translate "Watching this game" %}</h2>
        <p class="watch-note">{% translate "You have no seat at this table; you see what every player sees." %}</p>
        {# The counties are what a spectator came for: each drawn at a size to read, not a thumbnail. #}
        <div class="watch-counties">
          {% for p in page.players %}
          <section class="watch-county" aria-labelledby="county-title-{{ p.position }}">
            <h3 id="county-title-{{ p.position }}"><span class="who">{{ p.seat.name }}</span> <span class="state">{% if page.finished %}{% blocktranslate trimmed count points=p.score.total %}{{ points }} point{% plural %}{{ points }} points{% endblocktranslate %}{% elif p.done %}{% translate "done" %}{% else %}{% translate "still playing" %}{% endif %}</span></h3>
            {% blocktranslate trimmed asvar county_title with name=p.seat.name %}{{ name }}’s county{% endblocktranslate %}
            {% include "games/_county.html" with grid=p.county size="large" title=county_title overlay=None targets=None cell_url=None %}
            <p class="sr-only">{{ p.county|told }}</p>
          </section>
          {% endfor %}
        </div>
      {% elif not turn %}
        <h2 id="turn-title" tabindex="-1">{% translate "Your county" %}</h2>
        {% partialdef waiting inline %}
        <p class="prompt done" role="status" id="waiting"{% if oob %} hx-swap-oob="true"{% endif %}>
          {% if page.finished %}{% translate "The game is over." %}
          {% elif page.towers_step %}{% if page.waiting_for %}{% blocktranslate trimmed with names=page.waiting_for|join:", " %}The final step: waiting for {{ names }} to place their towers.{% endblocktranslate %}{% else %}{% translate "Everyone has placed their towers; the game is being scored." %}{% endif %}
          {% elif page.waiting_for %}{% translate "You are done for this round." %} {% blocktranslate trimmed with names=page.waiting_for|join:", " %}Waiting for {{ names }}.{% endblocktranslate %}
          {% elif page.last_round %}{% translate "Everyone is done with the last round; the final step, the towers, is coming." %}
          {% else %}{% translate "Everyone is done; the next round is being dealt." %}{% endif %}
        </p>
        {% endpartialdef %}
        {% partialdef undo inline %}
        <div id="undo"{% if oob %} hx-swap-oob="true"{% endif %}>
          {% if page.can_undo %}
          <form method="post" action="{% url 'games:undo' game.pk %}" hx-post="{% url 'games:undo' game.pk %}" hx-target="#game" hx-swap="outerHTML" hx-include="#poll" class="undo">
            {% csrf_token %}
            <input type="hidden" name="step" value="{{ page.me.seat.step }}"><input type="hidden" name="round" value="{{ game.round }}">
            <button type="submit" class="button secondary" id="undo-turn" aria-describedby="undo-note">{% translate "Take back my turn" %}</button>
            <span class="hint" id="undo-note">{% if page.towers_step %}{% translate "Until everyone is done, you may take back the towers you placed and place them again." %}{% else %}{% translate "Until everyone is done, you may take back your whole turn and play it again." %}{% endif %}</span>
          </form>
          {% endif %}
        </div>
        {% endpartialdef %}
        {% if page.next_table %}<p class="next-table"><a class="button" id="next-table" href="{% url 'games:game' page.next_table %}">{% translate "Next table waiting for you" %}</a></p>{% endif %}
      {% elif turn.kind == "tile" %}
        {% tile_turn %}{# games.page.tile_turn_html #}
      {% else %}
        <h2 id="turn-title" tabindex="-1">{% if turn.kind == "sheep" %}{% translate "Place your sheep" %}{% elif turn.kind == "bonus" %}{% translate "Place your bonus tile" %}{% else %}{% blocktranslate trimmed count count=turn.count %}Final step: place your tower{% plural %}Final step: place your {{ count }} towers{% endblocktranslate %}{% endif %}</h2>
        <p class="prompt">{% filter rule_links %}
          {% if turn.kind == "sheep" %}{% blocktranslate trimmed count count=turn.count %}Put your sheep on a highlighted empty meadow; it then counts as pasture (R5.3).{% plural %}Put each of your {{ count }} sheep on a highlighted empty meadow; it then counts as pasture (R5.3).{% endblocktranslate %}
          {% elif turn.kind == "bonus" %}{% translate "Put this bonus tile on any highlighted empty cell next to your county." %} {% include "games/_piece.html" with piece=turn.bonus size="small" %}
          {% else %}{% blocktranslate trimmed count count=turn.count %}The last round is over. Your ruin runs earned you {{ count }} tower: place it on a highlighted empty cell next to your county, best in a hole of your largest rectangle (R6.1). Then the game is scored.{% plural %}The last round is over. Your ruin runs earned you {{ count }} towers: place each on a highlighted empty cell next to your county, best in a hole of your largest rectangle (R6.1). Then the game is scored.{% endblocktranslate %}{% endif %}
        {% endfilter %}</p>
      {% endif %}

      {% if page.me %}
      <div class="my-county" hx-boost="true" hx-target="#game" hx-select="#game" hx-swap="outerHTML" hx-push-url="false" hx-include="#poll">
        {% if turn.kind == "tile" and turn.draft %}
          {% url 'games:draft' game.pk as draft_url %}
          {% include "games/_county.html" with grid=page.my_county size="large" title=_("Your county") overlay=turn.preview.overlay cell_url=draft_url cell_fields=turn.draft.fields cell_verb=_("Move the tile to") targets=None %}
        {% elif turn and turn.kind != "tile" %}
          {% url 'games:act' game.pk as act_url %}
          {% include "games/_county.html" with grid=page.my_county size="large" title=_("Your county") targets=turn.targets cell_url=act_url cell_fields=turn.fields cell_verb=_("Place on") overlay=None %}
        {% else %}
          {% include "games/_county.html" with grid=page.my_county size="large" title=_("Your county") overlay=None targets=None cell_url=None %}
        {% endif %}
        <p class="sr-only">{{ page.my_county|told }}</p>
      </div>
      {% endif %}
      {% endwith %}
    </section>"""  # noqa: E501 (a template tag cannot span lines)
)

LANGUAGES = ("en", "de", "fr", "es")
TOKEN = "csrf-token-drawn-per-response"
ALONE = "<!-- alone -->"  # after it, the "waiting for" line and the offer drawn alone
OLD_ALONE = OLD_TURN + ALONE + "{% partial waiting %}{% partial undo %}"
OLD = as_it_was.engine()


def _compare(client: Client, viewer: User, game: Game, query: str = "") -> GamePage:
    """Both drawings of ``viewer``'s turn panel compared in every language, and of the "waiting
    for" line and the offer alone, out of band; the page, which shows the new one."""
    client.force_login(viewer)
    response = client.get(f"/games/{game.pk}/{query}")
    assert response.status_code == 200
    page: GamePage = response.context["page"]
    context = {
        "page": page, "game": page.access.game, "access": page.access, "csrf_token": TOKEN,
        "away_reason": page.me.seat.away_reason(timezone.now()) if page.me else "",
    }  # fmt: skip
    for language in LANGUAGES:
        with translation.override(language):
            old = OLD.from_string(OLD_TURN).render(Context(context))
            assert spaced(render_turn_panel(page, csrf_token=TOKEN)) == spaced(old), language
            if page.me is not None and page.turn is None:
                old = OLD.from_string(OLD_ALONE).render(Context({**context, "oob": True}))
                new = render_waiting(page, oob=True) + render_undo(page, csrf_token=TOKEN, oob=True)
                assert spaced(new) == spaced(old.split(ALONE)[1]), language
    html = response.content.decode()
    drawn = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    for token in set(drawn):
        html = html.replace(token, TOKEN)
    assert render_turn_panel(page, csrf_token=TOKEN) in html
    return page


FOLLOW_UPS = (engine.PendingKind.SHEEP, engine.PendingKind.BONUS)


def _follow_ups(game: Game, position: int) -> dict[engine.PendingKind, str]:
    """A tile of ``position``'s that leaves sheep to place, and one that leaves a bonus tile,
    when this deal has them."""
    state, found = load_state(game), dict[engine.PendingKind, str]()
    for slot in (0, 1):
        for orientation, x, y in engine.legal_placements(state, position, slot):
            action = engine.PlaceTile(slot, orientation, x, y)
            after, _ = engine.apply(state, position, action)
            found.setdefault(engine.pending(after, position).kind, str(action))
    return found


def test_a_tile_turn_is_drawn_as_before_before_and_while_a_tile_is_tried(
    client: Client, host: User, named: User, started: Game
) -> None:
    for query in ("", "?slot=0", "?slot=1&o=1&x=0&y=0", "?slot=0&o=0&x=40&y=40"):
        page = _compare(client, host, started, query)
        assert page.turn is not None and page.turn.kind == "tile"


def test_sheep_and_a_bonus_tile_to_place_are_drawn_as_before(
    client: Client, host: User, named: User, started: Game
) -> None:
    rng, game, seen = random.Random(11), started, set[engine.PendingKind]()
    while game.status == "playing" and len(seen) < 2:
        new = {k: n for k, n in _follow_ups(game, 0).items() if k in FOLLOW_UPS and k not in seen}
        if new:  # one a round: the turn is played on to its end with the round
            kind, notation = next(iter(new.items()))
            services.submit_action(game.pk, host, notation, step_of(game, host))
            page = _compare(client, host, game)
            assert page.turn is not None and page.turn.kind == kind
            seen.add(kind)
        game = play_round(game, rng)
    assert len(seen) == 2  # the seed deals both


def test_a_turn_done_everyone_done_the_towers_and_the_end_are_drawn_as_before(
    client: Client, host: User, named: User, outsider: User, started: Game
) -> None:
    rng, game, kinds = random.Random(31), started, set()
    notation = any_legal_action(load_state(game), 0, rng)
    assert notation is not None
    services.submit_action(game.pk, host, notation, step_of(game, host))
    page = _compare(client, host, game)  # done, waiting for Brendan, may take it back
    assert page.can_undo and page.waiting_for
    _compare(client, named, game)
    _compare(client, outsider, game)  # a spectator
    game = finish_turns(game, rng)
    assert _compare(client, host, game).turn is None  # everyone done, the round being dealt
    while game.status == "playing":
        game = play_round(game, rng)
        for viewer in (host, named):
            page = _compare(client, viewer, game)
            kinds.add(page.turn.kind if page.turn else ("towers done" if page.towers_step else ""))
    assert engine.PendingKind.TOWER in kinds or "towers done" in kinds
    _compare(client, outsider, game)  # the end, as a spectator sees it


def test_the_autopilots_notices_are_drawn_as_before(
    client: Client, host: User, named: User, started: Game
) -> None:
    seat = Seat.objects.filter(game=started, user=host)
    seat.update(autopilot_streak=2)
    _compare(client, host, started)  # the autopilot played the last two turns
    seat.update(absent=True, autopilot_streak=3)
    page = _compare(client, host, started)
    assert page.me is not None and page.me.seat.away_reason(timezone.now()) == "absent"
    seat.update(absent=False, autopilot_streak=0)
    Game.objects.filter(pk=started.pk).update(allow_vacation=True)
    today = timezone.localdate()
    host.profile.vacation_from, host.profile.vacation_until = today, today + timedelta(days=3)
    host.profile.save()
    page = _compare(client, host, started)
    assert page.me is not None and page.me.seat.away_reason(timezone.now()) == "on vacation"
