"""Every refusal is said where the player looks, under DEBUG as ``make run`` runs the site: a move
from an out-of-date second tab (409), the sixth message in a minute (400) and a tile on a spot
the rules refuse (400). Each message is in view beside what was used, the page stays whole, the
draft is kept, and the browser logs no error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, Route, expect
from pytest_django.fixtures import Settings as SettingsWrapper

from games import services
from games.models import Game
from games.services.chat import post_message
from tests.browser.playing import LAPTOP, PHONE, act, line_up, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _debug(settings: SettingsWrapper) -> None:
    """As ``make run`` serves the site: django-htmx's error handler is on the page."""
    settings.DEBUG = True


@pytest.fixture
def table() -> tuple[Game, User]:
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = services.create_game(ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=False)
    Game.objects.filter(pk=game.pk).update(seed=20261129)  # the same deal every run
    return services.join_game(game.pk, bob), ann


class Console:
    """What the page's scripts log as errors. The browser's own line for each refused request
    ("Failed to load resource: … 409") is the refusal itself, not a fault of the page."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("console", self._logged)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _logged(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(message.text)


@pytest.fixture
def consoles() -> Iterator[list[Console]]:
    watched: list[Console] = []
    yield watched
    assert [e for c in watched for e in c.errors] == []


def watched(page: Page, consoles: list[Console]) -> Page:
    consoles.append(Console(page))
    return page


def assert_whole(page: Page) -> None:
    """The site's frame and the whole table are still there around the message."""
    expect(page.locator("header.site-header")).to_be_visible()
    expect(page.locator("#game #turn")).to_have_count(1)
    expect(page.locator("#game #chat")).to_have_count(1)
    expect(page.locator("footer.site-footer")).to_have_count(1)


def assert_near(message: Locator, control: Locator, within: float = 320) -> None:
    """``message`` is no further than ``within`` px above or below ``control``."""
    a, b = message.bounding_box(), control.bounding_box()
    assert a is not None and b is not None
    gap = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]), 0)
    assert gap <= within, f"{gap} px between the message and what was used"


def test_a_move_from_an_out_of_date_tab_is_refused_in_view(
    browser: Browser,
    live_server: object,
    table: tuple[Game, User],
    consoles: list[Console],
    screenshot_dir: Path,
) -> None:
    base = str(live_server)
    game, ann = table
    first = watched(sign_in(browser, base, ann), consoles)
    second = watched(first.context.new_page(), consoles)  # the same person, another tab
    for tab in (first, second):
        tab.goto(f"{base}/games/{game.pk}/")
        line_up(tab)

    act(first, first.locator("#ctl-confirm").click)
    expect(first.locator("#turn-error")).to_have_count(0)
    confirm = second.locator("#ctl-confirm")
    confirm.scroll_into_view_if_needed()
    act(second, confirm.click)

    error = second.locator("#turn-error")
    expect(error).to_contain_text("Your turn moved on since this page was drawn")
    expect(error).to_be_in_viewport()
    expect(error).to_be_focused()
    assert_near(error, second.locator("#turn-title"))
    assert_whole(second)
    assert_accessible(second, "a move refused as out of date")
    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        second.set_viewport_size(viewport)  # type: ignore[arg-type]
        error.scroll_into_view_if_needed()
        second.screenshot(path=screenshot_dir / f"refused-stale-{name}.png")


def test_the_sixth_message_in_a_minute_is_refused_and_the_draft_kept(
    browser: Browser,
    live_server: object,
    table: tuple[Game, User],
    consoles: list[Console],
    screenshot_dir: Path,
) -> None:
    base = str(live_server)
    game, ann = table
    for n in range(5):
        post_message(game.pk, ann, f"Message {n + 1}")
    page = watched(sign_in(browser, base, ann), consoles)
    page.goto(f"{base}/games/{game.pk}/")

    field = page.get_by_label("Your message")
    field.fill("One more thought about the bogs")
    send = page.get_by_role("button", name="Send")
    send.click()

    error = page.locator("#chat-error")
    expect(error).to_contain_text("wait a moment before the next")
    expect(error).to_be_in_viewport()
    assert_near(error, send, within=120)
    expect(field).to_have_value("One more thought about the bogs")
    expect(field).to_be_focused()
    assert_whole(page)
    assert_accessible(page, "a chat message refused by the limit")
    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        page.locator("#chat").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"refused-chat-{name}.png")


def test_a_tile_on_a_refused_spot_says_why_and_keeps_the_tile(
    browser: Browser,
    live_server: object,
    table: tuple[Game, User],
    consoles: list[Console],
    screenshot_dir: Path,
) -> None:
    base = str(live_server)
    game, ann = table
    page = watched(sign_in(browser, base, ann), consoles)
    page.goto(f"{base}/games/{game.pk}/")
    tried = line_up(page)
    slot = tried.split()[0]
    # The spot of the hometown, as a page gone out of step with the county would send it.
    page.locator("#turn form.confirm").evaluate(
        f"form => {{ form.notation.value = '{slot} o0 0,0'; form.requestSubmit(); }}"
    )
    error = page.locator("#turn-error")
    expect(error).to_contain_text("overlap")
    expect(error).to_be_in_viewport()
    expect(error).to_be_focused()
    assert_near(error, page.locator("#ctl-confirm"), within=700)
    expect(page.locator("#try")).to_be_visible()  # the tile being tried is still there
    assert_whole(page)
    page.screenshot(path=screenshot_dir / "refused-tile-laptop.png")


def test_a_poll_answered_after_the_page_was_redrawn_goes_nowhere_quietly(
    browser: Browser, live_server: object, table: tuple[Game, User], consoles: list[Console]
) -> None:
    base = str(live_server)
    game, ann = table
    page = watched(sign_in(browser, base, ann), consoles)
    page.goto(f"{base}/games/{game.pk}/")
    line_up(page)
    held: list[Route] = []
    page.route("**/status/?*", lambda route: held.append(route))
    # The page's poll, sent now and held on its way while the move redraws the game.
    page.evaluate(
        """() => {
          const poll = document.getElementById("poll");
          const outcome = (what) => () => { window.pollOutcome = what; };
          poll.addEventListener("htmx:afterOnLoad", outcome("answered"));
          poll.addEventListener("htmx:onLoadError", outcome("failed"));
          htmx.ajax("GET", poll.getAttribute("hx-get"),
            {source: poll, target: "#table", swap: "outerHTML"});
        }"""
    )
    act(page, page.locator("#ctl-confirm").click)
    assert len(held) == 1
    held[0].continue_()

    page.wait_for_function("() => window.pollOutcome")
    assert page.evaluate("() => window.pollOutcome") == "answered"
    expect(page.locator("#turn-error")).to_have_count(0)
    assert_whole(page)


def test_a_page_that_is_not_here_is_said_in_the_site_frame(
    browser: Browser,
    live_server: object,
    settings: SettingsWrapper,
    consoles: list[Console],
    screenshot_dir: Path,
) -> None:
    settings.DEBUG = False  # as the site runs for players: Django's handler404 draws 404.html
    base = str(live_server)
    page = watched(sign_in(browser, base, UserFactory.create(username="Ann")), consoles)
    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        response = page.goto(f"{base}/games/999999/replay/")
        assert response is not None and response.status == 404
        expect(page.get_by_role("heading", name="This page is not here")).to_be_visible()
        expect(page.get_by_role("link", name="Your games").first).to_be_visible()
        page.screenshot(path=screenshot_dir / f"not-found-{name}.png")
    assert_accessible(page, "the page for an address that is not here")
