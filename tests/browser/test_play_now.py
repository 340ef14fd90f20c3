"""Two people press "Play now" and land at the same live table, whose round counts down."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Game
from tests.browser.playing import PHONE, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The queue's page asks every 2 s; allow for a slow machine.
SEATED_WITHIN = 10_000


def _press_play_now(page: Page, base: str, speed: str) -> None:
    page.goto(f"{base}/games/mine/")
    page.get_by_role("link", name="Play now").click()
    page.get_by_label("2 players").check()
    page.get_by_label("Time per round").select_option(label=speed)
    page.get_by_label("Fill the empty seats with bots of your level").select_option(
        label="Never: keep waiting for people"
    )
    page.get_by_role("button", name="Play now").click()


def test_two_people_press_play_now_and_land_at_the_same_table(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    a = sign_in(browser, base, ann)
    b = sign_in(browser, base, bob, viewport=PHONE)

    a.goto(f"{base}/games/")
    a.screenshot(path=screenshot_dir / "play-now-laptop-0-lobby.png")
    b.goto(f"{base}/games/mine/")
    b.screenshot(path=screenshot_dir / "play-now-phone-0-your-games.png")
    b.goto(f"{base}/games/play-now/")
    assert_accessible(b, "the Play now form on a phone")
    b.screenshot(path=screenshot_dir / "play-now-phone-1-form.png", full_page=True)
    _press_play_now(a, base, "1 minute")
    expect(a.locator("#queue-count")).to_contain_text("You are the only one waiting")
    assert_accessible(a, "the queue while waiting")
    a.screenshot(path=screenshot_dir / "play-now-laptop-2-waiting.png", full_page=True)

    _press_play_now(b, base, "1 minute")
    table = re.compile(rf"{re.escape(base)}/games/\d+/$")
    expect(b).to_have_url(table)
    expect(a).to_have_url(table, timeout=SEATED_WITHIN)  # Ann's waiting page goes by itself
    assert a.url == b.url

    game = Game.objects.get()
    assert {seat.user for seat in game.seats.all()} == {ann, bob}
    countdown = a.locator("time[data-countdown]")
    expect(countdown).to_have_attribute("role", "timer")
    expect(countdown).to_have_text(re.compile(r"^0:[0-5]\d left$"))
    a.screenshot(path=screenshot_dir / "play-now-laptop-3-seated.png")
    b.screenshot(path=screenshot_dir / "play-now-phone-3-seated.png")
