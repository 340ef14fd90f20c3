"""A spectator's page: every county drawn at a size to read, a short line saying they watch."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import services
from games.models import Game
from tests.browser.playing import LAPTOP, PHONE, sign_in
from tests.conftest import make_person
from tests.fixtures.axe import assert_accessible
from tests.games.playing import play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

READABLE_CELL = 19.5  # px: about 20, where a square's art and stone value can be made out
WATCHING_LINE = 110  # px: from the heading "Watching this game" to the first county


def _table_in_round_four() -> Game:
    ann, bob = make_person("Ann"), make_person("Bob")
    game = services.create_game(
        ann, seats_wanted=3, round_minutes=1440, is_open=True, rated=False, bots=["easy"]
    )
    Game.objects.filter(pk=game.pk).update(seed=20261129)
    services.join_game(game.pk, bob)
    game.refresh_from_db()
    rng = random.Random(4)
    while game.round < 4:
        game = play_round(game, rng)
    return game


def _assert_counties_readable(page: Page) -> None:
    counties = page.locator("#turn .watch-county")
    expect(counties).to_have_count(3)
    for n in range(3):
        county = counties.nth(n)
        expect(county.get_by_role("heading", level=3)).to_be_visible()
        cell = county.locator(".county .cell").first.bounding_box()
        assert cell is not None and cell["width"] >= READABLE_CELL
    title = page.locator("#turn-title").bounding_box()
    first = counties.first.bounding_box()
    assert title is not None and first is not None
    assert first["y"] - title["y"] <= WATCHING_LINE
    # No thumbnails beside the table: the counties above are the ones to look at.
    expect(page.locator("#table .county")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("viewport,name", [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_a_spectator_sees_every_county_large(
    browser: Browser,
    live_server: object,
    screenshot_dir: Path,
    viewport: dict[str, int],
    name: str,
) -> None:
    base = str(live_server)
    game = _table_in_round_four()
    page = sign_in(browser, base, make_person("Cara"), viewport)
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#turn-title")).to_have_text("Watching this game")
    _assert_counties_readable(page)
    expect(page.locator("#turn .watch-county h3").first).to_contain_text("Ann")
    page.screenshot(path=screenshot_dir / f"spectator-{name}.png", full_page=True)
    assert_accessible(page, f"a spectator's page on a {name}")
