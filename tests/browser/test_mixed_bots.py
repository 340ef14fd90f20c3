"""From the lobby a person opens a table with two bots of different levels and meets both."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from games.models import Game, GameStatus
from tests.browser.playing import PHONE, sign_in
from tests.factories import PASSWORD, UserFactory
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


def test_only_the_seats_the_table_has_show_and_without_the_script_a_bot_beyond_is_refused(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann = UserFactory.create(username="Ann")
    page = sign_in(browser, base, ann, PHONE)
    page.goto(f"{base}/games/")
    page.get_by_label("Players").select_option("2")
    expect(page.get_by_label("Seat 2")).to_be_visible()
    for seat in ("Seat 3", "Seat 4", "Seat 5"):
        expect(page.get_by_label(seat)).to_be_hidden()
    assert_accessible(page, "the lobby's form for a table of two")
    page.screenshot(path=screenshot_dir / "lobby-two-players-phone.png", full_page=True)
    page.get_by_label("Players").select_option("4")
    expect(page.get_by_label("Seat 4")).to_be_visible()
    expect(page.get_by_label("Seat 5")).to_be_hidden()

    # Without the script every seat shows, each saying when it counts, and the server refuses.
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("E-mail").fill(ann.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/games/")
    page.get_by_label("Players").select_option("2")
    expect(page.get_by_text("Only at a table of 3 or more players.")).to_be_visible()
    page.get_by_label("Seat 3").select_option(label="Hard bot")
    page.get_by_role("button", name="Open the table").click()

    refusal = page.get_by_text("A table of 2 players has no seat 3")
    expect(refusal).to_be_visible()
    expect(page.get_by_label("Seat 3")).to_have_value("hard")
    page.screenshot(path=screenshot_dir / "lobby-bot-refused-phone.png", full_page=True)
    assert not Game.objects.exists()
