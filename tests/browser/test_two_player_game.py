"""Two people in two browsers sign in and play a whole 2-player game to the final scores."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from games.models import Game, GameStatus
from tests.browser.playing import play_my_turn, sign_in, tried
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_players_play_a_whole_game(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    ann_page, bob_page = sign_in(browser, base, ann), sign_in(browser, base, bob)

    ann_page.goto(f"{base}/games/")
    ann_page.get_by_label("Players").select_option("2")
    ann_page.get_by_role("button", name="Open the table").click()
    expect(ann_page.get_by_text("Seats (1 of 2)")).to_be_visible()
    ann_page.screenshot(path=screenshot_dir / "table-forming.png", full_page=True)
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(seed=20261129)  # the same deal every run

    bob_page.goto(f"{base}/games/")
    bob_page.set_viewport_size({"width": 390, "height": 900})
    bob_page.screenshot(path=screenshot_dir / "lobby-phone.png", full_page=True)
    bob_page.set_viewport_size({"width": 1280, "height": 900})
    bob_page.get_by_role("link", name=str(game)).click()
    bob_page.get_by_role("button", name="Take a seat").click()
    expect(bob_page.get_by_text("Round 1 of 12")).to_be_visible()

    shots = False
    for _ in range(14):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        for page in (ann_page, bob_page):
            page.bring_to_front()  # keys go to the page in front
            page.goto(f"{base}/games/{game.pk}/")
            if not shots:
                tried(page, partial(page.keyboard.press, "1"))
                expect(page.locator(".preview")).to_be_visible()
                for width, name in ((390, "phone"), (1280, "laptop")):
                    page.set_viewport_size({"width": width, "height": 900})
                    page.screenshot(path=screenshot_dir / f"game-{name}.png", full_page=True)
                page.set_viewport_size({"width": 1280, "height": 900})
                shots = True
            play_my_turn(page)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED

    for page in (ann_page, bob_page):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    ann_page.screenshot(path=screenshot_dir / "game-final.png", full_page=True)
    ranks = sorted(rank or 0 for rank in game.seats.values_list("rank", flat=True))
    assert ranks in ([1, 2], [1, 1])
