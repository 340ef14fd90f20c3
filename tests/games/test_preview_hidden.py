"""R4.2: the preview of a tried tile knows the shared supplies only as the player may know them.

A neighbour who takes the last sheep this round must not turn the player's "you gain a sheep"
into "a sheep is lost: supply empty" before the round is over: that would tell them what the
neighbour placed.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game, RoundTime
from games.page.turn import Draft, preview
from tests.games.playing import step_of

GAINS = "You gain a sheep"
LOST = "A sheep of yours is lost: supply empty"


@pytest.fixture(autouse=True)
def _drawn_every_time(settings: Any) -> None:
    """A cached page would hide the difference these tests look for."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


@pytest.fixture
def one_sheep_left(host: User, player: User) -> Game:
    """Aoife and Brendan's table in round 1 (a deal where either could gain a sheep), with one
    sheep left in the supply."""
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=1)
    game = services.join_game(game.pk, player)
    state = dict(game.state or {})
    state["sheep_supply"] = 1
    state["start"] = {**state["start"], "sheep_supply": 1}
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    return game


def a_tile_that_gains_a_sheep(state: engine.GameState, seat: int) -> engine.PlaceTile:
    """The first placement of ``seat``'s offer that takes a sheep from the supply."""
    for slot in (0, 1):
        for orientation, x, y in engine.legal_placements(state, seat, slot):
            action = engine.PlaceTile(slot, orientation, x, y)
            _, events = engine.apply(state, seat, action)
            if any(isinstance(event, engine.SheepGained) for event in events):
                return action
    raise AssertionError(f"seat {seat} has no tile that gains a sheep")


def test_a_neighbour_taking_the_last_sheep_does_not_change_the_preview(
    client: Client, host: User, player: User, one_sheep_left: Game
) -> None:
    game = one_sheep_left
    aoife, brendan = (game.seats.get(user=who).position for who in (host, player))
    state = load_state(game)
    mine, theirs = (
        a_tile_that_gains_a_sheep(state, aoife),
        a_tile_that_gains_a_sheep(state, brendan),
    )
    tried = f"/games/{game.pk}/?slot={mine.slot}&o={mine.orientation}&x={mine.x}&y={mine.y}"
    client.force_login(host)
    before = client.get(tried).content.decode()
    assert GAINS in before and LOST not in before

    services.submit_action(game.pk, player, str(theirs), step_of(game, player))
    assert load_state(Game.objects.get(pk=game.pk)).sheep_supply == 0

    after = client.get(tried).content.decode()
    assert GAINS in after and LOST not in after


def test_the_preview_is_the_same_before_and_after_a_neighbours_move(one_sheep_left: Game) -> None:
    state = load_state(one_sheep_left)
    mine, theirs = a_tile_that_gains_a_sheep(state, 0), a_tile_that_gains_a_sheep(state, 1)
    draft = Draft(mine.slot, mine.orientation, mine.x, mine.y)
    moved, _ = engine.apply(state, 1, theirs)
    assert preview(moved, 0, draft) == preview(state, 0, draft)
    assert any(gain.startswith(GAINS) for gain in preview(moved, 0, draft).gains)
