"""Trying a tile in the browser (R3): the legal spots are shown, turning, mirroring and moving
happen at once without the server, and one POST places the tile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, Request, expect

import engine
from games import services
from games.models import Action, Game
from tests.browser.playing import LAPTOP, PHONE, sign_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _table(ann: User, bob: User) -> Game:
    game = services.create_game(ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    Game.objects.filter(pk=game.pk).update(seed=20261129)
    return services.join_game(game.pk, bob)


def _opened(
    browser: Browser,
    live_server: object,
    *,
    as_bob: bool = False,
    viewport: dict[str, int] = LAPTOP,
) -> tuple[Page, Game, list[tuple[str, str]]]:
    """A fresh table open in Chromium (Ann's, or Bob's page), and what it asks from then on."""
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = _table(ann, bob)
    page = sign_in(browser, base, bob if as_bob else ann, viewport=viewport)
    page.goto(f"{base}/games/{game.pk}/")
    return page, game, _requests(page)


def _requests(page: Page) -> list[tuple[str, str]]:
    """What the page asks the server from now on, but for previews and polls."""
    seen: list[tuple[str, str]] = []

    def note(request: Request) -> None:
        if request.resource_type not in ("document", "xhr", "fetch"):
            return
        if request.headers.get("hx-target") == "preview" or "/status/" in request.url:
            return
        seen.append((request.method, request.url))

    page.on("request", note)
    return seen


def _offer(page: Page) -> dict[str, object]:
    return json.loads(page.locator("#offer").text_content() or "{}")


def _legal_spot(page: Page, slot: int) -> tuple[int, int]:
    """A county cell the tile in ``slot`` covers at one of its legal spots."""
    offer = _offer(page)
    tile = next(t for t in offer["tiles"] if t["slot"] == slot)  # type: ignore[attr-defined]
    shape = next(s for s in tile["orientations"] if s["anchors"])
    (ax, ay), (dx, dy) = shape["anchors"][-1], shape["cells"][0]
    return ax + dx, ay + dy


def test_a_whole_turn_by_mouse_is_three_clicks_and_one_post(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, game, asked = _opened(browser, live_server)

    page.locator("#choice-0").click()  # 1: pick
    expect(page.locator("#try")).to_be_visible()
    expect(page.locator("#turn .county .cell.spot").first).to_be_visible()
    x, y = _legal_spot(page, 0)
    page.locator(f'#turn .county [data-x="{x}"][data-y="{y}"]').click()  # 2: a highlighted spot
    expect(page.locator("#preview")).to_contain_text("Fits here.")
    expect(page.locator("#turn .overlay--ok").first).to_be_visible()
    page.screenshot(path=screenshot_dir / "try-legal-laptop.png", full_page=True)
    notation = page.locator("#turn input[name=notation]").input_value()
    assert asked == []  # picking and moving asked the server nothing

    page.locator("#ctl-confirm").click()  # 3: confirm
    expect(page.locator("#choice-0")).to_have_count(0)
    assert [method for method, _ in asked] == ["POST"]
    assert Action.objects.get(game=game, seat=0).notation == notation


def test_turning_mirroring_and_moving_by_keyboard_then_placing(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, game, asked = _opened(browser, live_server, as_bob=True, viewport=PHONE)

    page.keyboard.press("2")
    expect(page.locator("#try")).to_be_visible()
    first = page.locator("#turn input[name=notation]").input_value()
    page.keyboard.press("r")
    page.keyboard.press("f")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert page.locator("#turn input[name=notation]").input_value() != first
    # Wherever the tile is now, the preview says whether it fits; walk it onto a legal spot.
    offer = _offer(page)
    o = int(page.locator("#turn input[name=o]").input_value())
    tile = next(t for t in offer["tiles"] if t["slot"] == 1)  # type: ignore[attr-defined]
    anchors = tile["orientations"][o]["anchors"]
    x = int(page.locator("#turn input[name=x]").input_value())
    y = int(page.locator("#turn input[name=y]").input_value())
    if [x, y] not in anchors:
        expect(page.locator("#preview")).to_contain_text("Not here:")
        expect(page.locator("#ctl-confirm")).to_be_disabled()
        page.screenshot(path=screenshot_dir / "try-illegal-phone.png", full_page=True)
    tx, ty = anchors[0]
    for _ in range(abs(tx - x)):
        page.keyboard.press("ArrowRight" if tx > x else "ArrowLeft")
    for _ in range(abs(ty - y)):
        page.keyboard.press("ArrowDown" if ty > y else "ArrowUp")
    expect(page.locator("#preview")).to_contain_text("Fits here.")
    page.screenshot(path=screenshot_dir / "try-legal-phone.png", full_page=True)
    notation = page.locator("#turn input[name=notation]").input_value()
    assert notation == engine.PlaceTile(1, o, tx, ty).notation  # the browser writes the engine's
    page.locator("#ctl-confirm").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#choice-1")).to_have_count(0)
    assert [method for method, _ in asked] == ["POST"]
    assert Action.objects.get(game=game, seat=1).notation == notation


def test_an_illegal_spot_says_why_and_cannot_be_confirmed(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, game, _ = _opened(browser, live_server)
    page.locator("#choice-0").click()
    page.locator('#turn .county .cell.home[data-x="1"]').first.click()  # onto the hometown
    expect(page.locator("#preview")).to_contain_text("Not here:")
    expect(page.locator("#ctl-confirm")).to_be_disabled()
    expect(page.locator("#turn .overlay--bad").first).to_be_visible()
    # The engine's own words follow from the preview fragment.
    expect(page.locator("#preview")).to_contain_text("overlap", timeout=5_000)
    page.screenshot(path=screenshot_dir / "try-illegal-laptop.png", full_page=True)
    assert not Action.objects.filter(game=game).exists()
