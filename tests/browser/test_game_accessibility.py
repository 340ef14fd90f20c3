"""axe finds nothing wrong on the pages of a game, at every step of a turn, on a laptop."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from games import services
from games.models import Game, GameStatus
from tests.browser.playing import act, sign_in, tried
from tests.conftest import make_person
from tests.fixtures.axe import assert_accessible
from tests.games.playing import play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# With this deal, Ann's first tile (tile 1 where it is first shown) earns her a bonus tile, so
# one turn shows every step: choosing, trying a tile, a follow-up, then waiting for Bob.
SEED = 20261129


def test_it_finds_no_violation_on_any_page_of_a_game(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob = make_person("Ann"), make_person("Bob")
    page = sign_in(browser, base, ann)
    page.set_viewport_size({"width": 1366, "height": 768})

    page.goto(f"{base}/games/")
    assert_accessible(page, "the lobby")

    game = services.create_game(
        ann, seats_wanted=3, round_minutes=1440, is_open=True, rated=False, bots=["easy"]
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    page.goto(f"{base}/games/mine/")
    expect(page.get_by_role("heading", name="Tables forming")).to_be_visible()
    assert_accessible(page, "your games, with a table forming")
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.get_by_text("Seats (2 of 3)")).to_be_visible()
    assert_accessible(page, "a forming table, seen by its host")

    services.join_game(game.pk, bob)
    page.goto(f"{base}/games/mine/")
    expect(page.get_by_role("heading", name="Waiting for you")).to_be_visible()
    assert_accessible(page, "your games, with a table waiting for you")

    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#turn-title")).to_have_text(
        "Your turn: pick a tile and fit it into your county"
    )
    assert_accessible(page, "the game page, choosing a tile")

    tried(page, partial(page.keyboard.press, "1"))
    expect(page.locator(".preview")).to_be_visible()
    assert_accessible(page, "the game page, a tile being tried")

    tried(page, page.locator("#ctl-down").click)
    tried(page, page.locator("#ctl-down").click)
    expect(page.locator(".preview")).to_be_visible()
    assert_accessible(page, "the game page, a tile being tried somewhere else")

    tried(page, partial(page.keyboard.press, "1"))
    act(page, page.locator("#ctl-confirm").click)
    expect(page.locator("#turn-title")).to_have_text("Place your bonus tile")
    assert_accessible(page, "the game page, a bonus tile to place")

    act(page, page.locator("#turn button.cell.target").first.click)
    expect(page.locator("#turn .prompt.done")).to_contain_text("Waiting for Bob")
    assert_accessible(page, "the game page, waiting for others")

    page.locator("details.other-county summary").first.click()
    assert_accessible(page, "the game page, another county opened")

    rng = random.Random(1)
    for _ in range(15):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        game = play_round(game, rng)
    assert game.status == GameStatus.FINISHED

    page.goto(f"{base}/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    assert_accessible(page, "the final scores")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=screenshot_dir / "game-final-phone.png", full_page=True)
    assert_accessible(page, "the final scores on a phone")
    page.set_viewport_size({"width": 1366, "height": 768})

    page.goto(f"{base}/games/{game.pk}/history/")
    expect(page.get_by_role("heading", name="Round 12")).to_be_visible()
    assert_accessible(page, "the history of a finished game")

    page.goto(f"{base}/games/mine/")
    expect(page.get_by_role("heading", name="Recently finished")).to_be_visible()
    assert_accessible(page, "your games, with a finished table")
