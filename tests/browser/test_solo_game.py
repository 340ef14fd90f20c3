"""One person opens a table filled with bots and plays it in Chromium to the final scores."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from games.models import Game, GameStatus
from tests.browser.playing import open_table_with_bots, play_to_the_end, sign_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_person_plays_a_whole_game_against_two_bots(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann = UserFactory.create(username="Ann")
    page = sign_in(browser, base, ann)

    open_table_with_bots(page, base, players=3, bots=2, level="Easy")
    page.screenshot(path=screenshot_dir / "lobby-with-bots.png", full_page=True)
    page.get_by_role("button", name="Open the table").click()

    # The table is full, so it starts at once; the bots have already played round 1.
    expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    expect(page.locator("#table").get_by_text("Easy bot").first).to_be_visible()
    expect(page.locator("#turn h2")).to_have_text(
        "Your turn: pick a tile and fit it into your county"
    )
    page.screenshot(path=screenshot_dir / "solo-round-1.png", full_page=True)
    game = Game.objects.get()

    play_to_the_end(page)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED

    page.goto(f"{base}/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    expect(page.locator(".final table").get_by_text("Easy bot")).to_have_count(2)
    expect(page.locator(".winner-banner")).to_contain_text("points!")
    page.screenshot(path=screenshot_dir / "solo-final.png", full_page=True)
