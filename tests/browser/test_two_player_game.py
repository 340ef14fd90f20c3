"""Two people in two browsers sign in and play a whole 2-player game to the final scores."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from games.models import Game, GameStatus
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sign_in(browser: Browser, base: str, user: User) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("E-mail").fill(user.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Your games")).to_be_visible()
    return page


def _act(page: Page, do: Callable[[], None]) -> None:
    """Do something that makes htmx replace the turn, and wait until the new one is in."""
    page.locator("#turn").evaluate("turn => { turn.dataset.stale = 'yes'; }")
    do()
    page.locator("#turn:not([data-stale])").wait_for()


def _play_my_turn(page: Page) -> None:
    """Pick the first tile, confirm it where it is shown, then place every follow-up."""
    for _ in range(12):
        title = page.locator("#turn h2").inner_text()
        if title.startswith("Your turn"):
            if not page.locator("#ctl-confirm").count():
                # The first tile is shown at its first legal place.
                _act(page, partial(page.keyboard.press, "1"))
            _act(page, lambda: page.locator("#ctl-confirm").click())
        elif title.startswith("Place"):
            target = page.locator("#turn button.cell.target").first
            _act(page, target.click)
        else:
            return
    raise AssertionError("the turn never ended")


def test_two_players_play_a_whole_game(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    ann_page, bob_page = _sign_in(browser, base, ann), _sign_in(browser, base, bob)

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
                _act(page, partial(page.keyboard.press, "1"))
                expect(page.locator(".preview")).to_be_visible()
                for width, name in ((390, "phone"), (1280, "laptop")):
                    page.set_viewport_size({"width": width, "height": 900})
                    page.screenshot(path=screenshot_dir / f"game-{name}.png", full_page=True)
                page.set_viewport_size({"width": 1280, "height": 900})
                shots = True
            _play_my_turn(page)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED

    for page in (ann_page, bob_page):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    ann_page.screenshot(path=screenshot_dir / "game-final.png", full_page=True)
    ranks = sorted(rank or 0 for rank in game.seats.values_list("rank", flat=True))
    assert ranks in ([1, 2], [1, 1])
