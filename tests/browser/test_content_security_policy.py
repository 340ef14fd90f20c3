"""Under the Content-Security-Policy every page still works in Chromium, and nothing is blocked."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from tests.browser.playing import play_my_turn, sign_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _watch(page: Page) -> list[str]:
    """Every refusal the browser reports for this page (it logs each to the console)."""
    refused: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", heard)
    return refused


def test_playing_a_turn_and_the_settings_run_with_nothing_blocked(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    page = sign_in(browser, base, UserFactory.create(username="Ann"))
    refused = _watch(page)

    page.goto(f"{base}/games/")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Seat 2").select_option("medium")
    page.get_by_role("button", name="Open the table").click()
    expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    play_my_turn(page)  # placement.js and turn.js draw and confirm the tile; htmx swaps the turn
    expect(page.locator("#turn")).to_be_visible()

    page.goto(f"{base}/settings/")
    expect(page.locator("#id_time_zone")).to_be_visible()  # timezone.js runs here
    page.goto(f"{base}/")
    assert refused == []


def test_the_policy_is_sent_with_every_page(browser: Browser, live_server: object) -> None:
    page = browser.new_page()
    response = page.goto(f"{live_server}/accounts/login/")
    assert response is not None
    # The directives may come in any order.
    policy = dict(
        part.strip().split(" ", 1)
        for part in response.headers["content-security-policy"].split(";")
    )
    assert policy["default-src"] == "'self'" and policy["script-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
