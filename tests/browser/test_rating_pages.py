"""The leaderboard and a player page with a full record: axe finds nothing wrong on them, on a
laptop and on a phone, the tabs and pages work from the keyboard, and screenshots are kept."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from games.models.ratings import RatingPool
from games.ratings.rate import rate_finished_games
from tests.browser.playing import sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible
from tests.ratings.tables import T0, finished_table, onlooker, rated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Where the screenshots of the rating pages are kept to be looked at.
SHOTS = Path("/work/shots/ratings")
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def check(page: Page, name: str, screenshot_dir: Path) -> None:
    """axe on the page at both sizes, and a screenshot of each."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        assert_accessible(page, f"{name} ({size})")
        whole, screen = (screenshot_dir / f"{name}-{size}{end}.png" for end in ("", "-screen"))
        page.screenshot(path=whole, full_page=True)
        page.screenshot(path=screen)  # what a person sees first, at full size
        if SHOTS.parent.is_dir():
            SHOTS.mkdir(exist_ok=True)
            for path in (whole, screen):
                shutil.copy(path, SHOTS / path.name)
    page.set_viewport_size(SIZES["laptop"])  # type: ignore[arg-type]


def test_the_rating_pages_are_accessible_on_a_laptop_and_a_phone(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob, cat = (UserFactory.create(username=name) for name in ("Ann", "Bob", "Cat"))
    for i in range(55):  # the top of the board, with Ann below it
        rated(onlooker(f"Player{i:02d}"), RatingPool.MULTI, 34.0 - i * 0.1, games=9 + i, wins=i)
    now = timezone.now()
    for day in range(24):
        # Most tables last month; the last six this month, for the month's board.
        when = T0 + timedelta(days=day) if day < 18 else now - timedelta(minutes=24 - day)
        if day % 3:
            finished_table([ann, bob, cat], [40 + day, 60, 50], finished_at=when, hours_to_play=3)
        else:
            finished_table([ann, bob], [70, 60 + day], finished_at=when, autopilot={0: 1})
    rate_finished_games()
    page = sign_in(browser, base, ann)

    page.goto(f"{base}/leaderboard/")
    page.keyboard.press("Tab")  # from the skip link on, the tabs come before the board
    for _ in range(12):
        if page.evaluate("document.activeElement.textContent") == "3–5 players":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="3–5 players")).to_have_attribute("aria-current", "page")
    expect(page.locator("tbody.mine")).to_contain_text("Ann (you)")
    check(page, "leaderboard", screenshot_dir)
    page.get_by_role("link", name="Most games finished this month").click()
    expect(page.locator("table.ranking")).to_contain_text("Ann (you)")
    check(page, "leaderboard-month", screenshot_dir)

    page.goto(f"{base}/players/Ann/")
    expect(page.locator(".reliability")).to_contain_text("Plays 97 % of rounds")
    expect(page.locator(".sparkline")).to_have_count(2)
    check(page, "player", screenshot_dir)
    page.get_by_role("link", name="Older").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Page 2 of 2")).to_be_visible()
