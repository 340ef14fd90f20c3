"""R4.2: until the round ends, others see only *that* a player is done, never what or where.

The player's page, each fragment and the poll are rendered before and after a neighbour's
whole turn; apart from version numbers, tokens and the neighbour's "done", nothing differs.
"""

from __future__ import annotations

import random
import re

from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.games.playing import finish_turns

FRAGMENTS = ("", "turn", "table", "game")


def _normalised(html: str) -> str:
    """The page without what may change: tokens, version numbers, each seat's done status."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    html = re.sub(r"v=\d+", "v=N", html)
    html = re.sub(r'(name="version" value=|data-version=)"\d+"', r'\1"N"', html)
    html = re.sub(r'<span class="(done|waiting)">\w+</span>', "STATUS", html)
    return re.sub(r'<span class="state">[\w ]+</span>', "STATUS", html)


def _render(client: Client, game: Game, target: str) -> str:
    headers = {"HX-Request": "true", "HX-Target": target} if target else {}
    return _normalised(client.get(f"/games/{game.pk}/", headers=headers).content.decode())


def test_no_page_or_fragment_shows_a_neighbours_current_turn(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(player)
    before = {t: _render(client, started, t) for t in FRAGMENTS}
    finish_turns(started, random.Random(8), skip=(1,))
    started.refresh_from_db()
    assert not started.round_complete and started.version > 1
    after = {t: _render(client, started, t) for t in FRAGMENTS}
    for target in FRAGMENTS:
        assert before[target] == after[target], f"the {target or 'page'} changed"


def test_the_poll_shows_only_that_the_neighbour_is_done(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(player)
    headers = {"HX-Request": "true", "HX-Target": "table"}
    url = f"/games/{started.pk}/status/?v={started.version}&r=1"
    before = _render(client, started, "table")
    finish_turns(started, random.Random(8), skip=(1,))
    polled = client.get(url, headers=headers).content.decode()
    assert '<span class="done">done</span>' in polled
    assert _normalised(polled) == before
