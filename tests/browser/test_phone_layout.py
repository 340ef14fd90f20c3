"""The game page on a phone late in a game: a wide county, three players' scores, one turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from games.models import Game
from tests.browser.playing import act, late_game, sign_in, tried
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
# With this deal and these moves, by round 10 Ann's county is 22 cells wide: far wider than a
# phone shows at a size a thumb can hit.
SMALLEST_CELL = 27.5  # px: about 28, what a thumb still hits
SMALLEST_CELL_FOR_A_MOUSE = 23.5  # px: about 24, on a laptop


def _late_game(live_server: object, browser: Browser) -> tuple[Page, Game]:
    """Ann, a bot and Bob at round 10 of 12; Ann's page, with her turn still to play."""
    game, ann = late_game()
    page = sign_in(browser, str(live_server), ann)
    page.goto(f"{live_server}/games/{game.pk}/")
    expect(page.locator("#turn-title")).to_have_text(
        "Your turn: pick a tile and fit it into your county"
    )
    return page, game


def _page_scrolls_sideways(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth > window.innerWidth"))


def _assert_total_shown(page: Page) -> None:
    """The Total column is on screen, the scores' own box not scrolled sideways to reach it."""
    viewport = page.viewport_size
    assert viewport is not None
    scroller = page.locator("#table .table-scroll")
    assert scroller.evaluate("box => box.scrollLeft") == 0
    box = scroller.bounding_box()
    for cell in page.locator("#table .scores tbody tr > :last-child").all():
        expect(cell).to_be_visible()
        rect = cell.bounding_box()
        assert box is not None and rect is not None
        assert rect["x"] + rect["width"] <= min(box["x"] + box["width"], viewport["width"]) + 0.5
    expect(page.locator("#table .scores thead th").last).to_have_text("Total")


def test_it_fits_a_wide_county_and_the_scores_on_a_phone(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, _ = _late_game(live_server, browser)
    page.set_viewport_size(PHONE)
    tried(page, page.locator("#choice-0").click)
    expect(page.locator(".preview")).to_be_visible()
    page.screenshot(path=screenshot_dir / "game-late-phone.png", full_page=True)

    assert not _page_scrolls_sideways(page)
    wrap = page.locator(".my-county .county-wrap")
    county = wrap.locator(".county")
    cell = county.locator(".cell").first
    size = cell.bounding_box()
    assert size is not None and size["width"] >= SMALLEST_CELL
    # The county is wider than the phone: it scrolls in its own box, which stays on screen.
    assert wrap.evaluate("box => box.scrollWidth > box.clientWidth")
    wrap_box = wrap.bounding_box()
    assert wrap_box is not None and wrap_box["x"] >= 0
    assert wrap_box["x"] + wrap_box["width"] <= PHONE["width"]
    # The tile being tried is scrolled into the box's view.
    tile = county.locator(".cell.ov").first.bounding_box()
    assert tile is not None
    assert wrap_box["x"] <= tile["x"] <= wrap_box["x"] + wrap_box["width"] - tile["width"]

    # Zooming out shows the whole county; zooming back in makes cells big enough to tap again.
    zoom_out = page.get_by_role("button", name="Zoom out")
    zoom_in = page.get_by_role("button", name="Zoom in")
    for _ in range(5):
        if zoom_out.get_attribute("aria-disabled") == "true":
            break
        zoom_out.click()
    assert wrap.evaluate("box => box.scrollWidth <= box.clientWidth")
    page.screenshot(path=screenshot_dir / "game-late-phone-zoomed-out.png", full_page=True)
    while zoom_in.get_attribute("aria-disabled") != "true":
        zoom_in.click()
        size = cell.bounding_box()
        assert size is not None
        if size["width"] >= SMALLEST_CELL:
            break
    size = cell.bounding_box()
    assert size is not None and size["width"] >= SMALLEST_CELL
    assert not _page_scrolls_sideways(page)

    _assert_total_shown(page)
    assert_accessible(page, "the game page on a phone, a tile being tried in a wide county")

    # Place the tile: what to do next is on screen and has the keyboard focus.
    page.locator("#ctl-confirm").scroll_into_view_if_needed()
    act(page, page.locator("#ctl-confirm").click)
    title = page.locator("#turn-title")
    expect(title).not_to_have_text("Your turn: pick a tile and fit it into your county")
    expect(title).to_be_focused()
    expect(title).to_be_in_viewport(ratio=1)
    expect(page.locator("#turn .prompt").first).to_be_in_viewport(ratio=1)
    assert not _page_scrolls_sideways(page)
    page.screenshot(path=screenshot_dir / "game-late-phone-placed.png")
    assert_accessible(page, "the game page on a phone, the step after placing a tile")


def test_it_shows_every_column_of_the_scores_on_a_laptop(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, _ = _late_game(live_server, browser)
    page.set_viewport_size(LAPTOP)
    tried(page, page.locator("#choice-0").click)
    expect(page.locator(".preview")).to_be_visible()
    page.screenshot(path=screenshot_dir / "game-late-laptop.png", full_page=True)

    assert not _page_scrolls_sideways(page)
    _assert_total_shown(page)
    expect(page.locator("#table .scores thead th")).to_have_count(9)
    cell = page.locator(".my-county .cell").first.bounding_box()
    assert cell is not None and cell["width"] >= SMALLEST_CELL_FOR_A_MOUSE
    # On a tile turn the county is drawn as wide as the tiles' legal spots reach: it fits in
    # its box, or it scrolls there and the zoom buttons show all of it at once.
    fits = page.locator(".my-county .county-wrap").evaluate(
        "box => box.scrollWidth <= box.clientWidth"
    )
    if not fits:
        page.get_by_role("button", name="Zoom out").click()
        page.get_by_role("button", name="Zoom out").click()
        assert page.locator(".my-county .county-wrap").evaluate(
            "box => box.scrollWidth <= box.clientWidth"
        )
    assert_accessible(page, "the game page on a laptop, late in the game")
