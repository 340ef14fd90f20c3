"""The wheel and its pieces, drawn in Python, are the very markup the templates drew before.

The template-language partials they replace are kept here, as they were, and rendered beside
the new ones: any difference (a class, a label, a space) would change what a person sees or
hears, so the two must match byte for byte.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django import template
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import Client
from django.utils.safestring import SafeString, mark_safe

import engine
from engine import Cell
from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.page import county
from games.page.county import PieceView
from games.page.county_html import square_svg
from tests.games.playing import any_legal_action, step_of
from tests.games.test_board import compact_action, play

SEED = 20261129

# The partials as the template language drew them, without their comments.
OLD_PIECE = """{% load counties %}{% if not piece %}{% if bonus is None or bonus == "" %}{% piece_view tile orientation as piece %}{% else %}{% bonus_view bonus as piece %}{% endif %}{% endif %}<span class="piece piece--{{ size|default:"small" }}{% if piece.bonus %} piece--bonus{% endif %}{% if piece.sheep %} piece--sheep{% endif %}" role="img" aria-label="{{ piece.label }}" style="--w: {{ piece.width }}; --h: {{ piece.height }}">{% for sq in piece.squares %}<span class="piece-sq {{ sq.seams }}" style="grid-area: {{ sq.row }} / {{ sq.col }}">{{ sq.cell|square }}</span>{% endfor %}{% if piece.sheep %}<svg class="plus-sheep" style="grid-area: {{ piece.badge.row }} / {{ piece.badge.col }}" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><use href="#plus-sheep"/></svg>{% endif %}</span>
"""  # noqa: E501 (a template tag cannot span lines)
OLD_WHEEL = """{% load counties %}<section class="wheel" id="wheel" aria-label="The wheel">
<ol class="wheel-areas">
{% for area in areas %}{% with owner=owners|at:forloop.counter0 %}{% if owner or owners|length > 1 %}<li class="wheel-area{% if forloop.counter0 == mine %} mine{% endif %}">
<p class="wheel-owner">{% if forloop.counter0 == mine %}Your tiles{% elif owner %}{{ owner }}’s tiles{% else %}Free this round{% endif %}</p>
<div class="wheel-tiles">{% for tile in area %}{% if tile is None %}<span class="wheel-empty" role="img" aria-label="Empty slot"></span>{% else %}{% include "games/_piece.html" with tile=tile orientation=0 bonus=None piece=None size="small" %}{% endif %}{% endfor %}</div>
</li>{% endif %}{% endwith %}
{% endfor %}</ol>
</section>
"""  # noqa: E501

# The template helpers the old partials loaded.
register = template.Library()


@register.filter
def at(mapping: Any, key: object) -> object:
    return mapping.get(key, "") if isinstance(mapping, dict) else ""


@register.simple_tag(name="piece_view")
def old_piece_view(tile: int, orientation: int | None = 0) -> PieceView:
    return county.piece_view(int(tile), int(orientation or 0))


@register.simple_tag(name="bonus_view")
def old_bonus_view(bonus: int) -> PieceView:
    return county.bonus_view(int(bonus))


@register.filter
def square(cell: Cell) -> SafeString:
    return mark_safe(square_svg(cell))


OLD = template.Engine(
    libraries={"counties": __name__},
    loaders=[
        (
            "django.template.loaders.locmem.Loader",
            {"games/_piece.html": OLD_PIECE, "games/_wheel.html": OLD_WHEEL},
        )
    ],
)


def old(name: str, context: dict[str, Any]) -> str:
    return OLD.get_template(name).render(template.Context(context))


def _wheel(html: str) -> str:
    match = re.search(r'<section class="wheel".*?</section>\n', html, re.S)
    assert match is not None, "no wheel on the page"
    return match.group(0)


def test_every_piece_is_drawn_as_before() -> None:
    for size in ("small", "large", None):
        for tile_id, tile in enumerate(engine.TILES):
            for o in range(len(tile.orientations)):
                context = {"tile": tile_id, "orientation": o, "size": size}
                assert render_to_string("games/_piece.html", context) == old(
                    "games/_piece.html", context
                )
        for bonus_id in range(len(engine.BONUS_TILES)):
            context = {"bonus": bonus_id, "size": size}
            assert render_to_string("games/_piece.html", context) == old(
                "games/_piece.html", context
            )


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("rounds", [0, 4])
def test_the_wheel_is_drawn_as_before_for_players_and_spectators(players: int, rounds: int) -> None:
    state = play(SEED, players, rounds=rounds)
    if (action := compact_action(state, 0)) is not None:
        state, _ = engine.apply(state, 0, action)  # an empty slot on the wheel
    owners = {state.area_of(i): f"player {i}" for i in range(players)}
    for mine in (state.area_of(0), None):
        context = {"areas": state.areas, "mine": mine, "owners": owners}
        assert render_to_string("games/_wheel.html", context) == old("games/_wheel.html", context)


def test_a_one_seat_wheel_is_drawn_as_before() -> None:
    state = engine.new_game(SEED, 2)
    for mine in (state.area_of(0), None):
        owners = {state.area_of(0): "Aoife"}  # a weekly challenge entry: one seat, one area
        context = {"areas": state.areas, "mine": mine, "owners": owners}
        assert render_to_string("games/_wheel.html", context) == old("games/_wheel.html", context)


def test_a_name_is_escaped_on_the_wheel_as_before() -> None:
    state = engine.new_game(SEED, 2)
    owners = {state.area_of(0): "Aoife", state.area_of(1): """<b>Bré & "Nan's"</b>"""}
    context = {"areas": state.areas, "mine": state.area_of(0), "owners": owners}

    html = render_to_string("games/_wheel.html", context)

    assert html == old("games/_wheel.html", context)
    assert "&lt;b&gt;Bré &amp; &quot;Nan&#x27;s&quot;&lt;/b&gt;’s tiles" in html


def test_a_game_pages_wheel_is_drawn_as_before(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    player.profile.display_name = """B<r>&"en'dan"""  # whatever a name holds is shown as text
    player.profile.save()
    notation = any_legal_action(load_state(started), 0, random.Random(3))
    assert notation is not None
    services.submit_action(started.pk, host, notation, step_of(started, host))
    for viewer in (host, player, outsider):
        client.force_login(viewer)
        response = client.get(f"/games/{started.pk}/")
        assert response.status_code == 200
        page = response.context["page"]
        context = {"areas": page.shown.areas, "mine": page.my_area, "owners": page.owners}
        assert _wheel(response.content.decode()) == old("games/_wheel.html", context)
