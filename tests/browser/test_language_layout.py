"""The game page in every language fits a laptop and a phone: German words are long, yet no
button or label overflows or is clipped, and the header stays on one line on a phone.
Screenshots (``lang-<language>-<size>[-full|-footer].png``) land in ``var/screenshots/`` for a
person to look at; axe finds nothing wrong with the German page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.languages import signed_in
from tests.browser.playing import late_game, line_up
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
ONE_LINE_HEADER = 60  # px: the header's height when its links fit one line

# Every control and label a player reads on the game page: each must show its words whole.
READ = (
    "button:visible, a.button:visible, label:visible, .badge:visible, #turn h2:visible, "
    ".site-nav a:visible, .try-bar :is(span, strong):visible"
)

# The elements whose words overflow their box or run past the screen's edge (as "tag: words").
_CLIPPED = """(elements) => elements.filter((e) => {
    const box = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    const clips = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
    const overflows = e.scrollWidth > e.clientWidth + 1 && clips;
    const nav = e.closest('.site-nav');  // the header's strip scrolls sideways on a phone
    const offScreen = !nav && (box.right > innerWidth + 0.5 || box.left < -0.5);
    return box.width > 0 && (overflows || offScreen);
}).map((e) => `${e.tagName.toLowerCase()}#${e.id}: ${e.textContent.trim().slice(0, 40)}`)"""


def _assert_fits(page: Page, where: str) -> None:
    clipped = page.locator(READ).evaluate_all(_CLIPPED)
    assert clipped == [], f"{where}: words clipped or off screen: {clipped}"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (
        f"{where}: the page is wider than the screen"
    )


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_game_page_fits_laptop_and_phone_in_every_language(
    browser: Browser, live_server: object, screenshot_dir: Path, language: str
) -> None:
    base = str(live_server)
    game, ann = late_game()
    page = signed_in(browser, base, ann, locale=language)
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    line_up(page)  # a tile being tried: its controls are on the page
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        # At the top, as the page opens (after the frame the resize brings, without gliding).
        page.evaluate(
            "new Promise((done) => requestAnimationFrame(() => {"
            " scrollTo({top: 0, behavior: 'instant'}); done(); }))"
        )
        if size == "phone":
            header = page.locator(".site-header").bounding_box()
            assert header is not None and header["height"] <= ONE_LINE_HEADER, (
                f"the header takes {header} on a phone in {language}"
            )
        _assert_fits(page, f"{language} on a {size}")
        # What the player sees first, the whole page, and the footer with its switch.
        page.screenshot(path=screenshot_dir / f"lang-{language}-{size}.png")
        page.screenshot(path=screenshot_dir / f"lang-{language}-{size}-full.png", full_page=True)
        page.locator("footer.site-footer").screenshot(
            path=screenshot_dir / f"lang-{language}-{size}-footer.png"
        )
        if language == "de":
            assert_accessible(page, f"the German game page on a {size}")
