"""A newcomer signs up, confirms from the e-mail, is offered the tutorial and plays it through
to the final count, on a laptop and on a phone: every round's lesson is reached, a deviation is
explained. Screenshots land in ``var/screenshots/`` for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.fixtures import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from games.learn.lessons import LESSONS
from games.models import GameStatus, Tutorial
from tests.browser.playing import confirm, play_follow_ups, play_my_turn, tried
from tests.fixtures.axe import assert_accessible
from tests.fixtures.smtp import Sink

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Turf-and-heather-42"
VIEWPORTS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: the round whose tile the newcomer places where they like, not on the suggested spot
DEVIATE = 2


def _sign_up(page: Page, site: str, sink: Sink, name: str) -> None:
    page.goto(f"{site}/accounts/signup/")
    page.get_by_label("Display name").fill(name)
    page.get_by_label("E-mail address").fill(f"{name.lower()}@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Check your e-mail")
    [message] = sink.wait_for(1)
    link = re.search(r"https?://\S+", Sink.text_of(message))
    assert link is not None
    page.goto(link.group(0))
    page.get_by_role("button", name=f"Confirm {name.lower()}@example.com").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your games")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_newcomer_learns_the_game_from_sign_up_to_the_final_count(
    browser: Browser,
    live_server: LiveServer,
    settings: SettingsWrapper,
    smtp_sink: Sink,
    screenshot_dir: Path,
    size: str,
) -> None:
    settings.SITE_URL = live_server.url
    page = browser.new_context(viewport=VIEWPORTS[size]).new_page()  # type: ignore[arg-type]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    name = f"Nuala{size.title()}"
    _sign_up(page, live_server.url, smtp_sink, name)

    # Offered at once, to someone with no tables yet.
    offer = page.locator("#offer-tutorial")
    expect(offer).to_be_visible()
    offer.get_by_role("link", name="Learn to play").click()
    expect(page.get_by_role("heading", name="Learn to play")).to_be_visible()
    page.get_by_role("button", name="Start the tutorial").click()

    panel = page.locator("#tutorial")
    for round_, lesson in enumerate(LESSONS, start=1):
        expect(panel.get_by_role("heading", level=2)).to_have_text(str(lesson.title))
        expect(panel).to_contain_text(f"Tutorial · round {round_} of 12")
        if round_ == 1:
            expect(panel.locator(".overlay--ghost").first).to_be_visible()
            page.screenshot(path=screenshot_dir / f"tutorial-round-1-{size}.png", full_page=True)
            assert_accessible(page, f"the tutorial's first round ({size})")
        if round_ == DEVIATE + 1:
            said = page.locator("#tutorial-last")
            expect(said).to_contain_text(f"Round {DEVIATE}: You chose your own spot")
            page.screenshot(path=screenshot_dir / f"tutorial-deviation-{size}.png", full_page=True)
        if round_ == DEVIATE:  # the second tile, wherever it is first shown
            tried(page, page.locator("#turn #choice-1, #turn #choice-0").last.click)
            confirm(page)
            play_follow_ups(page)
        else:
            page.locator("#tutorial-try").click()
            expect(page.locator("#try")).to_be_visible()
            expect(page.locator("#preview")).to_contain_text("Fits here.")
            confirm(page)
            play_follow_ups(page)
    # The towers, if the ruins earned any, then the final count.
    for _ in range(4):
        if page.get_by_role("heading", name="The final count").count():
            break
        play_my_turn(page)
    expect(panel.get_by_role("heading", name="The final count")).to_be_visible()
    expect(panel).to_contain_text("Your county scored")
    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    page.screenshot(path=screenshot_dir / f"tutorial-final-{size}.png", full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    tutorial = Tutorial.objects.select_related("game").get(user__profile__display_name=name)
    assert tutorial.game.status == GameStatus.FINISHED
    assert errors == []
