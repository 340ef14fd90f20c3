"""After the last action of the game the result comes first: the winner and the final scores are
in view and the focus is on who won, not on the county below them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

import engine
from engine import bots
from games import services
from games.engine_bridge import load_state
from games.models import Game, GameStatus
from tests.browser.playing import LAPTOP, PHONE, play_follow_ups, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible
from tests.games.playing import any_legal_action, step_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _to_the_towers(people: dict[int, User], seed: int) -> Game:
    """A table of ``people`` whose twelve rounds are played by the medium bot for each of them,
    through the services: the towers step is next."""
    game = services.create_game(
        people[0], seats_wanted=len(people), round_minutes=1440, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=seed)
    for position in sorted(people)[1:]:
        game = services.join_game(game.pk, people[position])
    while load_state(game).phase is engine.Phase.PLAYING:
        round_ = game.round
        for position, person in people.items():
            state = load_state(game)
            _, actions = bots.play_turn("medium", state, position, game.seed + position + round_)
            for action in actions:
                services.submit_action(game.pk, person, str(action), step_of(game, person))
        services.advance_complete_games()
        game.refresh_from_db()
    return game


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_last_tower_brings_the_result_into_view(
    browser: Browser, live_server: object, screenshot_dir: Path, viewport: dict[str, int]
) -> None:
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = _to_the_towers({0: ann, 1: bob}, seed=16)  # each earns one tower at the end
    while (notation := any_legal_action(load_state(game), 1, random.Random(1))) is not None:
        services.submit_action(game.pk, bob, notation, step_of(game, bob))
        game.refresh_from_db()
    page = sign_in(browser, base, ann, viewport=viewport)
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#turn h2")).to_have_text("Final step: place your tower")

    play_follow_ups(page)  # the last action of the game

    banner = page.locator(".final .winner-banner")
    expect(banner).to_contain_text("points!")
    expect(banner).to_be_focused()
    expect(banner).to_be_in_viewport()
    expect(page.get_by_role("heading", name="Final scores")).to_be_in_viewport()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert_accessible(page, "the final scores, just after the last tower")
    name = "laptop" if viewport == LAPTOP else "phone"
    page.screenshot(path=screenshot_dir / f"final-focus-{name}.png")
