"""The home page in a real Chromium: htmx is loaded, nothing errors, a newcomer learns the game."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_loads_htmx_without_console_errors(
    page: Page, live_server: object, screenshot_dir: Path
) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)

    page.goto(str(live_server))

    expect(page.get_by_role("heading", level=1)).to_contain_text("county")
    expect(page.get_by_role("heading", name="How a game works")).to_be_visible()
    assert page.evaluate("typeof htmx !== 'undefined' && htmx.version.startsWith('2')")
    headers = page.locator("body").get_attribute("hx-headers") or ""
    assert "X-CSRFToken" in headers
    assert errors == [] and failed == []
    for width, name in ((390, "phone"), (1280, "laptop")):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=screenshot_dir / f"home-{name}.png", full_page=True)
