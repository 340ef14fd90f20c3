"""A newcomer in Chromium: signs up by keyboard, confirms from the e-mail, logs in, sets the
time zone and e-mail mode. Screenshots of the pages at phone and laptop widths land in
``var/screenshots/`` for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from playwright.sync_api import Page, expect
from pytest_django.fixtures import Settings as SettingsWrapper
from pytest_django.live_server_helper import LiveServer

from accounts.models import EmailMode, Profile
from tests.factories import PASSWORD as FACTORY_PASSWORD
from tests.factories import UserFactory
from tests.fixtures.smtp import Sink

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Turf-and-heather-42"
SIZES = ((390, "phone"), (1280, "laptop"))


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # The newcomer's computer is set to Chicago time; the sign-up form should notice.
    return {**browser_context_args, "timezone_id": "America/Chicago", "locale": "en-GB"}


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def site(live_server: LiveServer, settings: SettingsWrapper) -> str:
    """The live site, with links in e-mails pointing at it."""
    settings.SITE_URL = live_server.url
    return str(live_server.url)


def shoot(page: Page, folder: Path, name: str) -> None:
    for width, size in SIZES:
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=folder / f"accounts-{name}-{size}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def assert_no_horizontal_scroll(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 900})
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    page.set_viewport_size({"width": 1280, "height": 900})
    assert overflow <= 0, f"the page is {overflow}px wider than a phone"


def test_a_newcomer_signs_up_confirms_logs_in_and_sets_zone_and_e_mails(
    page: Page, site: str, smtp_sink: Sink, screenshot_dir: Path
) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    # Sign up, by keyboard only, in the order the fields are read out.
    page.goto(f"{site}/accounts/signup/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Sign up")
    zone = page.get_by_label("Time zone", exact=True)
    expect(zone).to_have_value("America/Chicago")
    shoot(page, screenshot_dir, "signup")
    assert_no_horizontal_scroll(page)

    page.get_by_label("Display name").focus()
    page.keyboard.type("Ni")  # too short, on purpose
    for field in ("E-mail address", "Password", "Password again"):
        page.keyboard.press("Tab")
        expect(page.get_by_label(field, exact=True)).to_be_focused()
    page.keyboard.press("Tab")
    expect(zone).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Sign up")).to_be_focused()
    page.keyboard.press("Enter")

    # Every problem is listed, linked to its field, and said next to the field.
    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("Please check the form")
    expect(summary).to_contain_text("Display name: A display name has 3 to 20 characters")
    name = page.get_by_label("Display name")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description(re.compile("this one has 2"))
    shoot(page, screenshot_dir, "signup-errors")
    summary.get_by_role("link", name=re.compile("^Display name")).click()
    expect(name).to_be_focused()
    name.fill("Niamh")
    page.get_by_label("E-mail address").fill("niamh@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Check your e-mail")
    shoot(page, screenshot_dir, "check-your-e-mail")

    # The link from the e-mail confirms the address.
    [message] = smtp_sink.wait_for(1)
    link = re.search(r"https?://\S+", Sink.text_of(message))
    assert link and link.group(0).startswith(site)
    page.goto(link.group(0))
    page.get_by_role("button", name="Confirm niamh@example.com").click()
    # Confirming in the browser that signed up logs the new player in, on their games.
    expect(page.get_by_role("heading", level=1)).to_have_text("Your games")
    expect(page.get_by_text("niamh@example.com is confirmed")).to_be_visible()
    expect(page.get_by_text("Welcome to Tipperary, Niamh!")).to_be_visible()
    page.get_by_role("link", name="Settings for Niamh").click()

    # Time zone: the one chosen at sign-up, changed to Tokyo.
    expect(page.get_by_role("heading", name="Name and time zone")).to_be_visible()
    expect(page.get_by_role("link", name="Name and time zone")).to_have_attribute(
        "aria-current", "page"
    )
    expect(page.get_by_label("Time zone", exact=True)).to_have_value("America/Chicago")
    shoot(page, screenshot_dir, "settings")
    assert_no_horizontal_scroll(page)
    page.get_by_label("Time zone", exact=True).select_option("Asia/Tokyo")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Your profile is saved.")
    # The browser is still in Chicago: the page offers to switch back with one button.
    expect(page.get_by_role("button", name="Use America/Chicago")).to_be_visible()

    # E-mails: a daily digest at 19:00 Tokyo time, without reminders.
    page.get_by_role("link", name="E-mails and notifications").click()
    page.get_by_label("Once a day").check()
    page.get_by_label("Digest hour").select_option("19")
    page.get_by_label("A table is still waiting for my move").uncheck()
    shoot(page, screenshot_dir, "notifications")
    assert_no_horizontal_scroll(page)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Your e-mail settings are saved.")

    profile = Profile.objects.get(display_name="Niamh")
    assert profile.time_zone == "Asia/Tokyo"
    assert profile.email_mode == EmailMode.DIGEST
    assert profile.digest_hour == 19
    assert profile.notify_reminders is False
    assert profile.notify_new_round is True
    assert errors == []


def test_the_other_settings_pages_fit_a_phone(page: Page, site: str, screenshot_dir: Path) -> None:
    UserFactory.create(
        username="Orla", email="orla@example.com", profile__time_zone="Europe/Dublin"
    )
    page.goto(f"{site}/accounts/login/")
    shoot(page, screenshot_dir, "login")
    page.get_by_label("E-mail address").fill("orla@example.com")
    page.get_by_label("Password").fill(FACTORY_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("status")).to_contain_text("Welcome to Tipperary, Orla!")

    for path, name in (
        ("/settings/vacation/", "vacation"),
        ("/accounts/email/", "email"),
        ("/accounts/password/change/", "password"),
        ("/settings/delete/", "delete"),
        ("/players/Orla/", "player"),
    ):
        page.goto(f"{site}{path}")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        assert_no_horizontal_scroll(page)
        shoot(page, screenshot_dir, name)
