"""A replay's slider moved before its script ran (a slow phone) still shows the place it was
moved to once the script runs; without JavaScript its button does the same."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Route, expect

from tests.browser.playing import PHONE, finished_against_a_bot, sign_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_slider_moved_before_its_script_ran_shows_that_step_once_it_runs(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    ann = UserFactory.create(username="Ann")
    game = finished_against_a_bot(ann)
    page = sign_in(browser, base, ann, PHONE)
    held: list[Route] = []
    page.route(re.compile(r"/js/replay[^/]*\.js$"), lambda route: held.append(route))  # held

    page.goto(f"{base}/games/{game.pk}/replay/?round=6", wait_until="commit")
    slider = page.locator("#replay-step")
    slider.fill("2")  # nothing listens yet
    for _ in range(100):  # each look lets the browser's requests reach the route
        if held:
            break
        slider.input_value()
    assert held, "the page never asked for its script"
    expect(page).to_have_url(re.compile(r"round=6$"))
    held[0].continue_()
    expect(page).to_have_url(re.compile(r"round=6&step=2$"))
    expect(page.locator("#replay-step")).to_have_value("2")
