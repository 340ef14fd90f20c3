"""The tile being tried is always drawn: at the county's edge it stays there and says why; N and
Shift+N jump it between the places where it fits, said aloud; where it fits it is outlined."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import engine
from games import services
from games.models import Action, Game
from tests.browser.playing import sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FAR = 30  # presses: well past the county's drawn edge, whichever way
# The outline of a tile that fits: a dark green band on each side where the tile ends.
OUTLINE = "rgb(14, 74, 38) 0px 3px 0px 0px inset"


def _ann_picks_a_tile(browser: Browser, live_server: object) -> tuple[Page, Game]:
    """Ann's page at a fresh two-player table, her first tile picked with the keyboard."""
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = services.create_game(ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    Game.objects.filter(pk=game.pk).update(seed=20261129)
    game = services.join_game(game.pk, bob)
    page = sign_in(browser, base, ann)
    page.goto(f"{base}/games/{game.pk}/")
    page.keyboard.press("1")
    expect(page.locator("#try")).to_be_visible()
    return page, game


def _fitting_places(page: Page) -> list[str]:
    """Every move that places the chosen tile in its present orientation, in reading order."""
    offer = json.loads(page.locator("#offer").text_content() or "{}")
    o = int(page.locator("#turn input[name=o]").input_value())
    tile = next(t for t in offer["tiles"] if t["slot"] == 0)
    anchors = sorted(tile["orientations"][o]["anchors"], key=lambda xy: (xy[1], xy[0]))
    return [engine.PlaceTile(0, o, x, y).notation for x, y in anchors]


def _squares_of_the_tile(page: Page) -> int:
    offer = json.loads(page.locator("#offer").text_content() or "{}")
    return len(offer["tiles"][0]["orientations"][0]["cells"])


def _notation(page: Page) -> str:
    return page.locator("#turn input[name=notation]").input_value()


def test_a_tile_pushed_past_the_edge_stays_drawn_there_and_says_why(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, _ = _ann_picks_a_tile(browser, live_server)
    squares = _squares_of_the_tile(page)
    for key, way in (("ArrowLeft", "left"), ("ArrowUp", "up"), ("ArrowRight", "right")):
        for _ in range(FAR):
            page.keyboard.press(key)
        expect(page.locator("#turn .overlay")).to_have_count(squares)
        expect(page.locator("#turn .overlay--bad").first).to_be_in_viewport()
        expect(page.locator("#preview")).to_contain_text("Not here:")
        expect(page.locator("#preview")).to_contain_text(
            f"The tile is at the edge: further {way} it could not touch your county."
        )
        expect(page.locator("#ctl-confirm")).to_be_disabled()
    # The engine's own words arrive, and the reason for stopping stays beside them.
    expect(page.locator("#preview")).to_contain_text("must touch your county", timeout=5_000)
    expect(page.locator("#preview")).to_contain_text("further right")
    page.screenshot(path=screenshot_dir / "tile-at-the-edge-laptop.png")
    # Turned at the edge, the tile stays on the county too.
    page.keyboard.press("r")
    expect(page.locator("#turn .overlay")).to_have_count(squares)


def test_n_jumps_the_tile_to_each_place_where_it_fits_and_says_where(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    page, game = _ann_picks_a_tile(browser, live_server)
    places = _fitting_places(page)
    assert len(places) > 2
    # Start from the last place in reading order: the next one is the first again.
    for _ in range(FAR):
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
    status = page.locator("#spot-status")
    expect(status).to_have_attribute("role", "status")
    for n, place in enumerate(places, start=1):
        page.keyboard.press("n")
        assert _notation(page) == place
        expect(status).to_contain_text(f"Fits here: spot {n} of {len(places)}, covering (")
        expect(page.locator("#ctl-confirm")).to_be_enabled()
    page.keyboard.press("n")
    assert _notation(page) == places[0]  # round again
    page.keyboard.press("Shift+N")
    assert _notation(page) == places[-1]
    expect(status).to_contain_text(f"spot {len(places)} of {len(places)}")
    page.keyboard.press("Shift+N")
    assert _notation(page) == places[-2]

    # Where it fits, the tile is outlined on every side where it ends, over the green spots.
    outlined = page.locator("#turn .overlay--ok.seam-t")
    expect(outlined.first).to_be_visible()
    shadow = outlined.first.evaluate("square => getComputedStyle(square, '::after').boxShadow")
    assert OUTLINE in shadow
    page.screenshot(path=screenshot_dir / "tile-jumped-laptop.png")
    assert_accessible(page, "the game page, a tile jumped to a place where it fits")

    page.locator("#ctl-confirm").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#choice-0")).to_have_count(0)
    assert Action.objects.get(game=game, seat=0).notation == places[-2]
