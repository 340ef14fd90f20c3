"""A whole turn on a phone's touch screen: the tile moved and what to do next stay on screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Locator, Page, expect

from games import services
from games.models import Game
from tests.browser.playing import LAPTOP, PHONE, SEED, act, late_game, sign_in
from tests.conftest import make_person
from tests.factories import PASSWORD
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# With this deal and these moves, by round 10 Ann's county is wide and tall, and her first tile
# carries a sheep: placing it asks her to put the sheep on a meadow.
ONE_LINE_HEADER = 60  # px: the header's height when its links fit one line


def _on_a_phone(browser: Browser, base: str, user: User) -> Page:
    """A phone's browser: a touch screen of 390×844 px, no mouse, ``user`` logged in."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("E-mail").fill(user.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Your games")).to_be_visible()
    return page


def _assert_on_screen(page: Page, things: Locator, what: str, *, below_bar: bool = False) -> None:
    """Every element of ``things`` lies wholly inside the viewport (and, for the tile, not
    under the controls stuck to the top of the screen)."""
    outside = things.evaluate_all(
        """(elements, belowBar) => {
            const bar = document.querySelector('#turn .try-bar');
            const top = belowBar && bar ? Math.max(bar.getBoundingClientRect().bottom, 0) : 0;
            return elements.map((e) => e.getBoundingClientRect())
                .filter((r) => r.top < top - 0.5 || r.bottom > innerHeight + 0.5
                    || r.left < -0.5 || r.right > innerWidth + 0.5)
                .map((r) => `${Math.round(r.left)},${Math.round(r.top)}`);
        }""",
        below_bar,
    )
    assert things.count(), f"{what}: nothing drawn"
    assert outside == [], f"{what}: off screen at {outside}"


def _assert_tile_and_controls_shown(page: Page, after: str) -> None:
    tile = page.locator("#turn .overlay")
    _assert_on_screen(page, tile, f"the tile after {after}", below_bar=True)
    for control in ("#preview", "#ctl-confirm", "#ctl-rotate", "#ctl-left", "#ctl-right"):
        _assert_on_screen(page, page.locator(control), f"{control} after {after}")


def _assert_next_prompt_shown(page: Page, after: str) -> None:
    # The page may glide there (unless the person asked for less motion): wait till it rests.
    expect(page.locator("#turn-title")).to_be_in_viewport(ratio=1)
    _assert_on_screen(page, page.locator("#turn-title"), f"the next question after {after}")
    _assert_on_screen(page, page.locator("#turn .prompt").first, f"the prompt after {after}")


def test_the_tile_and_the_next_prompt_stay_on_screen_through_a_phone_turn(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    game, ann = late_game()
    page = _on_a_phone(browser, base, ann)
    page.goto(f"{base}/games/{game.pk}/")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= ONE_LINE_HEADER
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Every link of the header can still be reached: its strip scrolls sideways.
    log_out = page.get_by_role("button", name="Log out")
    log_out.scroll_into_view_if_needed()
    expect(log_out).to_be_in_viewport(ratio=1)

    page.locator("#choice-0").tap()
    expect(page.locator("#try")).to_be_visible()
    _assert_tile_and_controls_shown(page, "choosing the tile")
    page.screenshot(path=screenshot_dir / "phone-turn-chosen.png")
    for control in ("rotate", "mirror", "down", "down", "right", "right", "up", "left", "left"):
        page.locator(f"#ctl-{control}").tap()
        _assert_tile_and_controls_shown(page, f"tapping {control}")
    page.locator("#ctl-next-spot").tap()
    expect(page.locator("#ctl-confirm")).to_be_enabled()
    _assert_tile_and_controls_shown(page, "jumping to a place where it fits")
    # What the spot gains grows the words under the confirm when the engine's arrive: the
    # button the finger is heading for stays where it is. (Grown here once they are in, so the
    # engine's answer does not replace the words this test adds.)
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    confirm_at = page.locator("#ctl-confirm").bounding_box()
    more = "<ul id='more-gains'><li>one</li><li>two</li><li>three</li></ul>"
    grow = "(words, more) => words.insertAdjacentHTML('beforeend', more)"
    page.locator("#preview").evaluate(grow, more)
    assert page.locator("#ctl-confirm").bounding_box() == confirm_at, "the confirm moved"
    page.locator("#more-gains").evaluate("more => more.remove()")
    page.screenshot(path=screenshot_dir / "phone-turn-moved.png")
    assert_accessible(page, "the game page on a phone, a tile being moved")

    act(page, page.locator("#ctl-confirm").tap)
    expect(page.locator("#turn-title")).to_have_text("Place your sheep")
    _assert_next_prompt_shown(page, "placing the tile")
    expect(page.locator("#turn button.cell.target").first).to_be_in_viewport()
    page.screenshot(path=screenshot_dir / "phone-turn-sheep.png")
    for _ in range(6):  # each follow-up as it comes, until the turn is over
        targets = page.locator("#turn button.cell.target")
        if not targets.count():
            break
        act(page, targets.first.tap)
        _assert_next_prompt_shown(page, "a follow-up")
    expect(page.locator("#turn #waiting")).to_be_visible()
    page.screenshot(path=screenshot_dir / "phone-turn-done.png")


def test_the_hint_speaks_of_taps_on_a_touch_screen_and_of_keys_on_a_laptop(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    game, ann = late_game()
    phone = _on_a_phone(browser, base, ann)
    phone.goto(f"{base}/games/{game.pk}/")
    expect(phone.locator("#choose-prompt")).to_be_visible()
    assert phone.locator("#choose-prompt").inner_text() == "Choose one of your two tiles."
    phone.locator("#choice-0").tap()
    hint = phone.locator("#turn .hint")
    expect(hint).to_contain_text("Tap a highlighted cell")
    assert "key" not in hint.inner_text()
    assert phone.locator("#ctl-rotate").inner_text() == "Rotate"

    laptop = sign_in(browser, base, ann, LAPTOP)
    laptop.goto(f"{base}/games/{game.pk}/")
    expect(laptop.locator("#choose-prompt")).to_contain_text("(keys 1 and 2)")
    laptop.locator("#choice-0").click()
    hint = laptop.locator("#turn .hint")
    expect(hint).to_contain_text("arrow keys")
    expect(hint).to_contain_text("N jumps to the next place where it fits")
    assert "Tap" not in hint.inner_text()
    expect(laptop.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    laptop.screenshot(path=screenshot_dir / "laptop-turn-chosen.png")


def _assert_in_viewport(page: Page, things: Locator, what: str) -> None:
    """Playwright's own measure: every box of ``things`` lies inside the phone's viewport."""
    viewport = page.viewport_size
    assert viewport is not None and things.count(), f"{what}: nothing drawn"
    for index in range(things.count()):
        box = things.nth(index).bounding_box()
        assert box is not None, f"{what}: square {index} not laid out"
        inside = (
            box["x"] >= -0.5
            and box["y"] >= -0.5
            and box["x"] + box["width"] <= viewport["width"] + 0.5
            and box["y"] + box["height"] <= viewport["height"] + 0.5
        )
        assert inside, f"{what}: square {index} at {box} is outside {viewport}"


def _tile_and_controls_seen_once_answered(page: Page, after: str) -> None:
    """Once the engine's words on the spot are in (they make the controls above the county
    taller), the tried tile on the board and the controls are all on screen."""
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    tile = page.locator("#turn .overlay")
    _assert_in_viewport(page, tile, f"the tile on the board after {after}")
    for control in ("#ctl-rotate", "#ctl-mirror", "#ctl-down", "#ctl-confirm"):
        _assert_in_viewport(page, page.locator(control), f"{control} after {after}")


def test_a_first_round_tile_picked_on_a_phone_is_seen_on_the_board(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    """Round 1, a small county under the turn's controls: picking a tile and turning it show
    the tried tile on the board without the player scrolling; once placed, the county is
    centred in its box."""
    base = str(live_server)
    ann, bob = make_person("Ann"), make_person("Bob")
    game = services.create_game(
        ann, seats_wanted=3, round_minutes=1440, is_open=True, rated=False, bots=["easy"]
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    services.join_game(game.pk, bob)
    page = _on_a_phone(browser, base, ann)
    page.goto(f"{base}/games/{game.pk}/")
    page.locator("#choice-0").tap()
    _tile_and_controls_seen_once_answered(page, "picking it")
    page.screenshot(path=screenshot_dir / "phone-first-round-picked.png")
    for control in ("rotate", "mirror", "down"):
        page.locator(f"#ctl-{control}").tap()
        _tile_and_controls_seen_once_answered(page, f"tapping {control}")
    page.screenshot(path=screenshot_dir / "phone-first-round-moved.png")
    # A page opened at a tile being tried (a link followed without the module, a turn drawn
    # by the server) shows that tile too.
    opened = page.context.new_page()
    opened.goto(page.url)
    _tile_and_controls_seen_once_answered(opened, "opening the page at the tile")
    opened.screenshot(path=screenshot_dir / "phone-first-round-opened.png")
