"""R4.2: until the round ends, others see only *that* a player is done, never what or where.

The player's page, each fragment and the poll are rendered before and after a neighbour's
whole turn; apart from tokens and the neighbour's "done", nothing differs. A move that does not
finish a turn changes nothing at all, not even the poll's token.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game
from tests.games.playing import finish_turns, move_with_a_follow_up, step_of

FRAGMENTS = ("", "turn", "table", "game")


@pytest.fixture(autouse=True)
def _drawn_every_time(settings: Any) -> None:
    """These tests judge the drawing itself, so no page or county comes from a cache."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def _normalised(html: str) -> str:
    """The page without what may change: tokens and each seat's done status."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    html = re.sub(r"\?t=[0-9a-f]+", "?t=T", html)
    html = re.sub(r'data-token="[0-9a-f]+"', 'data-token="T"', html)
    html = re.sub(r'<span class="(done|waiting)">\w+</span>', "STATUS", html)
    return re.sub(r'<span class="state">[\w ]+</span>', "STATUS", html)


def _raw(client: Client, game: Game, target: str) -> str:
    """The page or fragment without its CSRF tokens (masked anew on every response)."""
    headers = {"HX-Request": "true", "HX-Target": target} if target else {}
    html = client.get(f"/games/{game.pk}/", headers=headers).content.decode()
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", html)


def _render(client: Client, game: Game, target: str) -> str:
    return _normalised(_raw(client, game, target))


def test_no_page_or_fragment_shows_a_neighbours_current_turn(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    for viewer in (player, outsider):  # a co-player and a spectator
        client.force_login(viewer)
        before = {t: _render(client, started, t) for t in FRAGMENTS}
        finish_turns(started, random.Random(8), skip=(1,))
        started.refresh_from_db()
        assert not started.round_complete
        after = {t: _render(client, started, t) for t in FRAGMENTS}
        for target in FRAGMENTS:
            assert before[target] == after[target], f"the {target or 'page'} changed"


def test_a_move_that_does_not_finish_a_turn_changes_nothing_others_see(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    """R4.2: a tile with a follow-up (sheep, bonus) tells nobody which tile it was."""
    state = load_state(started)
    follow_up = move_with_a_follow_up(state, 0)
    pages = {}
    for viewer in (player, outsider):
        client.force_login(viewer)
        pages[viewer.pk] = {t: _raw(client, started, t) for t in FRAGMENTS}
    services.submit_action(started.pk, host, str(follow_up), step_of(started, host))
    for viewer in (player, outsider):
        client.force_login(viewer)
        for target in FRAGMENTS:
            assert _raw(client, started, target) == pages[viewer.pk][target]


def test_the_poll_shows_only_that_the_neighbour_is_done(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(player)
    headers = {"HX-Request": "true", "HX-Target": "table"}
    page = client.get(f"/games/{started.pk}/").content.decode()
    token = re.search(r"\?t=([0-9a-f]+)", page)
    assert token is not None
    before = _render(client, started, "table")
    finish_turns(started, random.Random(8), skip=(1,))
    polled = client.get(f"/games/{started.pk}/status/?t={token.group(1)}", headers=headers)
    html = polled.content.decode()
    assert '<span class="done">done</span>' in html
    table = html[: html.index("</aside>") + len("</aside>")]
    assert _normalised(table).strip() == before.strip()


def test_a_turn_taken_back_shows_others_only_that_the_neighbour_is_not_done_again(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    """Before a neighbour's turn and after it was taken back, every page and fragment a
    co-player or a spectator gets is the same but for the tokens; the poll sends the table."""
    token = re.compile(r"\?t=[0-9a-f]+")
    # The poll's and the stream's tokens: what may change while the rest stays.
    tokens = re.compile(r'\?t=[0-9a-f]+|(?<=data-token=")[0-9a-f]+')
    pages = {}
    for viewer in (player, outsider):
        client.force_login(viewer)
        pages[viewer.pk] = {t: tokens.sub("", _raw(client, started, t)) for t in FRAGMENTS}
        first = client.get(f"/games/{started.pk}/").content.decode()
        pages[viewer.pk]["token"] = token.search(first).group(0)  # type: ignore[union-attr]
    finish_turns(started, random.Random(8), skip=(1,))
    services.undo_turn(started.pk, host, step_of(started, host), seen_round=1)
    started.refresh_from_db()
    assert engine.pending(load_state(started), 0).kind is engine.PendingKind.TILE
    for viewer in (player, outsider):
        client.force_login(viewer)
        for target in FRAGMENTS:
            after = tokens.sub("", _raw(client, started, target))
            assert after == pages[viewer.pk][target], f"the {target or 'page'} changed"
        seen = pages[viewer.pk]["token"]
        headers = {"HX-Request": "true", "HX-Target": "table"}
        polled = client.get(f"/games/{started.pk}/status/{seen}", headers=headers)
        assert polled.status_code == 200  # the neighbour's "done" came and went: look again
        # (a co-player gets the table panel, a spectator the whole game around it)
        html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", polled.content.decode())
        table = re.compile(r'<aside id="table".*?</aside>', re.S)
        shown = table.search(tokens.sub("", html))
        assert shown is not None
        assert shown.group(0) == table.search(pages[viewer.pk]["table"]).group(0)  # type: ignore[union-attr]
