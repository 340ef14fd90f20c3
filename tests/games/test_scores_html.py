"""The scores table, drawn in Python, is the very markup the template drew before.

The template-language partial it replaces is kept here, as it was, and rendered beside the new
one for every kind of row (the viewer's, a bot's, a former player's, an absent or vacationing
person's, one the autopilot played, the marker's holder, a name that needs escaping), in play
and in the final ranking: the two must match byte for byte.
"""

from __future__ import annotations

import itertools

import pytest
from django import template
from django.contrib.auth.models import User
from django.template.loader import render_to_string

import engine
from games.models import Game, Seat, SeatKind
from games.page.county import county_grid
from games.page.model import PlayerPanel
from tests.conftest import make_person

# The partial as the template language drew it, without its comment.
OLD_SCORES = """{% load players %}<div class="table-scroll" tabindex="0" role="region" aria-label="{% if final %}Final ranking{% else %}Scores{% endif %}">
<table class="scores">
  <caption class="sr-only">{% if final %}Final ranking{% else %}Scores as they would stand now{% endif %} (R6.2)</caption>
  <thead><tr>
    {% if final %}<th scope="col">Rank</th>{% endif %}
    <th scope="col" class="name">Player</th>
    {% if not final %}<th scope="col">Round</th>{% endif %}
    <th scope="col" title="Largest filled rectangle">Area</th>
    <th scope="col">Flock</th>
    <th scope="col" title="Largest Flock marker">Marker</th>
    <th scope="col">Whiskey</th>
    <th scope="col">Stones</th>
    <th scope="col"><abbr title="Exploration">Explore</abbr></th>
    <th scope="col">Total</th>
  </tr></thead>
  <tbody>
  {% for p in players %}
    <tr{% if p.is_me %} class="me"{% endif %}>
      {% if final %}<td class="rank">{{ p.rank }}</td>{% endif %}
      <th scope="row">{% player p.seat %}{% if p.is_me %} (you){% endif %}{% if not final and p.seat.user_id %} <span class="presence" data-seat="{{ p.position }}" hidden><span class="presence-dot" aria-hidden="true"></span> <span class="presence-words">not here</span></span>{% endif %}{% if p.away and not final %} <span class="badge away">{{ p.away }}</span>{% endif %}
        {% if p.streak_note and not final %}<br><span class="muted autopilot-note">last round played by autopilot</span>{% endif %}</th>
      {% if not final %}<td class="state">{% if p.done %}{% if p.autopiloted %}<span class="done">played by autopilot</span>{% else %}<span class="done">done</span>{% endif %}{% else %}<span class="waiting">playing</span>{% endif %}</td>{% endif %}
      <td class="part" data-label="Area">{{ p.score.area }}</td>
      <td class="part" data-label="Flock">{{ p.score.flock }}</td>
      <td class="part" data-label="Marker">{% if p.holds_marker %}★ {% endif %}{{ p.score.marker }}</td>
      <td class="part" data-label="Whiskey" title="Barrel on space {{ p.barrel }}">{{ p.score.whiskey }}</td>
      <td class="part" data-label="Stones">{{ p.score.stones }}</td>
      <td class="part" data-label="Explore">{{ p.score.exploration }}</td>
      <td class="total" data-label="Total"><strong>{{ p.score.total }}</strong></td>
    </tr>
  {% endfor %}
  </tbody>
</table>
</div>
"""  # noqa: E501 (a template tag cannot span lines)

OLD = template.Engine(
    libraries={"players": "games.templatetags.players"},
    loaders=[("django.template.loaders.locmem.Loader", {"games/_scores.html": OLD_SCORES})],
)


def _panel(seat: Seat, n: int, **kind: object) -> PlayerPanel:
    score = engine.ScoreBreakdown(n, n + 1, 5 * (n % 2), 2 * n, n % 4, 5 * (n % 3 == 0), 9 * n)
    base: dict[str, object] = {
        "seat": seat, "position": seat.position, "is_me": False, "done": False, "score": score,
        "barrel": n % 13, "whiskey_points": 0, "holds_marker": False, "area": 0,
        "county": county_grid(engine.Display({})), "rank": n % 3 + 1,
    }  # fmt: skip
    return PlayerPanel(**{**base, **kind})  # type: ignore[arg-type]


@pytest.fixture
def seats(db: None) -> list[Seat]:
    game = Game(pk=1, allow_vacation=True)
    person = make_person("Aoife")
    odd = make_person("odd", display_name='<b>Bré & "Nan\'s"')
    away = make_person("Ciara")
    return [
        Seat(game=game, position=0, user=person),
        Seat(game=game, position=1, kind=SeatKind.BOT, bot="hard"),
        Seat(game=game, position=2, user=None),  # a deleted account
        Seat(game=game, position=3, user=odd, absent=True, autopilot_streak=3),
        Seat(game=game, position=4, user=away, autopilot_streak=1),
    ]


# Every combination of what a row can say, over the five kinds of seat.
KINDS = [
    {"is_me": me, "done": done, "autopiloted": auto, "holds_marker": marker, "away": away,
     "streak_note": streak}
    for me, done, auto, marker, away, streak in itertools.product(
        (False, True), (False, True), (False, True), (False, True),
        ("", "absent", "on vacation"), (False, True),
    )
]  # fmt: skip


@pytest.mark.parametrize("final", [False, True])
def test_every_row_is_drawn_as_before(seats: list[Seat], final: bool) -> None:
    for start in range(0, len(KINDS), len(seats)):
        players = [
            _panel(seat, start + i, **KINDS[(start + i) % len(KINDS)])
            for i, seat in enumerate(seats)
        ]
        context = {"players": players, "final": final}
        new = render_to_string("games/_scores.html", context)
        assert new == OLD.get_template("games/_scores.html").render(template.Context(context))


def test_a_name_is_escaped_as_before(seats: list[Seat]) -> None:
    players = [_panel(seat, i) for i, seat in enumerate(seats)]
    html = render_to_string("games/_scores.html", {"players": players, "final": False})
    assert "&lt;b&gt;Bré &amp; &quot;Nan&#x27;s&quot;" in html
    assert "<b>" not in html


def test_no_players_draw_an_empty_table_as_before(db: None) -> None:
    for final in (False, True):
        context: dict[str, object] = {"players": [], "final": final}
        assert render_to_string("games/_scores.html", context) == OLD.get_template(
            "games/_scores.html"
        ).render(template.Context(context))


def test_a_user_without_a_profile_is_named_as_before(db: None) -> None:
    user = User.objects.create_user("plain")
    seat = Seat(game=Game(pk=1), position=0, user=user)
    context = {"players": [_panel(seat, 1, is_me=True)], "final": False}
    assert render_to_string("games/_scores.html", context) == OLD.get_template(
        "games/_scores.html"
    ).render(template.Context(context))
