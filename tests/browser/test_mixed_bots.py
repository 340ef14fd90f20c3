"""From the lobby a person opens a table with two bots of different levels and meets both."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from games.models import Game, GameStatus
from tests.browser.playing import PHONE, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_table_with_an_easy_and_an_expert_bot_seats_both(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    page = sign_in(browser, base, UserFactory.create(username="Ann"))
    page.goto(f"{base}/games/")
    page.get_by_label("Players").select_option("3")
    page.get_by_label("Seat 2").select_option(label="Easy bot")
    page.get_by_label("Seat 3").select_option(label="Expert bot")
    assert_accessible(page, "the lobby")
    page.screenshot(path=screenshot_dir / "lobby-mixed-bots.png", full_page=True)
    page.get_by_role("button", name="Open the table").click()

    expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    table = page.locator("#table")
    expect(table.get_by_text("Easy bot").first).to_be_visible()
    expect(table.get_by_text("Expert bot").first).to_be_visible()
    page.screenshot(path=screenshot_dir / "table-mixed-bots.png", full_page=True)
    game = Game.objects.get()
    assert game.status == GameStatus.PLAYING
    assert list(game.seats.order_by("position").values_list("bot", flat=True)) == [
        "",
        "easy",
        "expert",
    ]


def test_a_bot_in_a_seat_the_table_lacks_is_refused_beside_that_seat_on_a_phone(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    page = sign_in(browser, base, UserFactory.create(username="Ann"), PHONE)
    page.goto(f"{base}/games/")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Seat 3").select_option(label="Hard bot")
    page.get_by_role("button", name="Open the table").click()

    refusal = page.get_by_text("A table of 2 players has no seat 3")
    expect(refusal).to_be_visible()
    expect(page.get_by_label("Seat 3")).to_have_value("hard")
    assert_accessible(page, "the refused lobby form")
    page.screenshot(path=screenshot_dir / "lobby-bot-refused-phone.png", full_page=True)
    assert not Game.objects.exists()
