"""After a whole game against a bot (played as the server takes any move: a whole game in
Chromium is tests/browser/test_solo_game.py): the archive lists it, the replay shows it round by
round (by keys, slider and plain links), the export re-scores it, the history tells it with
links, and the rules page answers every citation. Screenshots of each page, on a laptop and a
phone."""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import engine
from games.models import GameStatus
from tests.browser.playing import LAPTOP, PHONE, finished_against_a_bot, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _counties(page: Page) -> dict[str, str]:
    """Each player's county on the replay page, as drawn (its cells' classes and labels)."""
    out = {}
    for county in page.locator(".replay-county").all():
        name = county.locator("h3").inner_text().split(" (you)")[0].split(" ·")[0]
        out[name] = county.locator(".county").inner_html()
    return out


def _shoot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=folder / f"{name}.png", full_page=True)


def test_a_finished_game_is_archived_replayed_exported_and_told(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann = UserFactory.create(username="Ann")
    game = finished_against_a_bot(ann)
    assert game.status == GameStatus.FINISHED
    page = sign_in(browser, base, ann)

    # The finished table: its winner banner and, beside it, the replay.
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator(".winner-banner")).to_contain_text("points!")
    page.locator("#replay-button").click()
    expect(page.locator("#replay-title")).to_contain_text("Round 1 of 12 · step 0 of ")
    page.wait_for_load_state("load")  # the keys are read by a module script
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"round=1&step=1$"))
    expect(page.locator("#replay-move")).to_contain_text("places a tile of")
    page.wait_for_load_state("load")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"round=1&step=0$"))

    # Round 6 and round 12 differ for every player; the slider moves through a round.
    page.goto(f"{base}/games/{game.pk}/replay/?round=6")
    six = _counties(page)
    page.wait_for_load_state("load")
    page.locator("#replay-step").fill("0")
    page.locator("#replay-step").dispatch_event("change")
    expect(page).to_have_url(re.compile(r"round=6&step=0$"))
    page.goto(f"{base}/games/{game.pk}/replay/?round=12")
    twelve = _counties(page)
    assert set(six) == set(twelve) == {"Ann", "Easy bot 2"}
    assert all(six[name] != twelve[name] for name in six)
    assert_accessible(page, "the replay")
    _shoot(page, screenshot_dir, "replay-laptop")

    # The export re-scores identically with the engine alone.
    response = page.request.get(f"{base}/games/{game.pk}/export.json")
    doc = json.loads(response.body())
    moves = [(a["seat"], a["notation"]) for a in doc["actions"]]
    final = engine.replay(doc["seed"], doc["options"]["players"], moves).state
    assert [e["score"] for e in doc["scores"]] == [
        asdict(engine.score(final, e["seat"])) for e in doc["scores"]
    ]

    # The history, in the third person, each line a link to its step.
    page.goto(f"{base}/games/{game.pk}/history/")
    line = page.get_by_role("link", name=re.compile(r"^Easy bot 2 places a tile of")).first
    href = line.get_attribute("href")
    assert href is not None and re.search(r"/replay/\?round=1&step=\d$", href)
    line.click()
    expect(page.locator("#replay-move")).to_contain_text("Easy bot 2 places a tile of")

    # The archive lists the table, reached from the header.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Finished").click()
    expect(page.locator(".archive").get_by_role("link", name=str(game), exact=True)).to_be_visible()
    expect(page.locator(".archive-seats .winner")).to_have_count(1)
    assert_accessible(page, "the archive")
    _shoot(page, screenshot_dir, "archive-laptop")

    # The rules: every section has its anchor; a citation on the table leads there.
    page.goto(f"{base}/rules/#R5.3")
    expect(page.locator("#R5\\.3")).to_be_in_viewport()
    assert_accessible(page, "the rules")
    _shoot(page, screenshot_dir, "rules-laptop")

    # On a phone, and without JavaScript: the links and the slider's button do the stepping.
    phone = browser.new_context(viewport=PHONE, java_script_enabled=False).new_page()  # type: ignore[arg-type]
    phone.context.add_cookies(page.context.cookies())  # type: ignore[arg-type]
    phone.goto(f"{base}/games/{game.pk}/replay/?round=6&step=1")
    phone.locator("#replay-next").click()
    expect(phone).to_have_url(re.compile(r"round=6&step=2$"))
    phone.locator("#replay-step").fill("0")
    phone.locator("#replay-show").click()
    expect(phone).to_have_url(re.compile(r"round=6&step=0$"))
    phone.goto(f"{base}/games/{game.pk}/replay/?round=12")
    _shoot(phone, screenshot_dir, "replay-phone")
    phone.goto(f"{base}/games/finished/")
    _shoot(phone, screenshot_dir, "archive-phone")
    phone.goto(f"{base}/rules/")
    _shoot(phone, screenshot_dir, "rules-phone")
    phone.context.close()
    assert LAPTOP["width"] == 1280
