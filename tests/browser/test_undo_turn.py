"""A player who is done takes back the whole turn while the other still plays, plays it
differently, and the other's last turn ends the round; a page left open from before is then
refused with the reason, where the player looks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from games import services
from games.models import Action, Game
from tests.browser.playing import PHONE, act, confirm, line_up, play_follow_ups, sign_in
from tests.factories import UserFactory
from tests.games.playing import finish_turns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DONE = "You are done for this round. Waiting for Bob."


def _play(page: Page, slot: int) -> str:
    move = line_up(page, slot)
    confirm(page)
    play_follow_ups(page)
    expect(page.locator("#waiting")).to_have_text(DONE)
    return move


def test_a_turn_taken_back_is_played_again_and_the_round_ends(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = services.create_game(ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    Game.objects.filter(pk=game.pk).update(seed=20261129)  # the same deal every run
    game = services.join_game(game.pk, bob)
    page = sign_in(browser, base, ann)
    page.goto(f"{base}/games/{game.pk}/")

    first = _play(page, 0)
    undo = page.get_by_role("button", name="Take back my turn")
    expect(undo).to_be_visible()
    for width, height, name in ((390, 844, "phone"), (1280, 800, "laptop")):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=screenshot_dir / f"undo-offered-{name}.png", full_page=True)
    undo.focus()  # by keyboard: the button is reached and pressed like any other
    act(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#turn-title")).to_have_text(
        "Your turn: pick a tile and fit it into your county"
    )
    expect(page.locator("#turn-title")).to_be_focused()  # a screen reader hears the new question
    expect(page.locator("#turn-error")).to_have_count(0)

    second = _play(page, 1)
    assert second != first
    played = list(Action.objects.filter(game=game, seat=0).values_list("notation", flat=True))
    assert played[0] == first and "undo" in played and played[-1] != first
    assert second in played[played.index("undo") + 1 :]

    # Bob's last turn ends the round at once; Ann's page, its poll not yet back, still offers
    # the undo: pressing it is refused, said where she looks, and the new round is shown.
    page.locator("#poll").evaluate("poll => poll.remove()")
    finish_turns(game, random.Random(3), skip=(0,))
    game.refresh_from_db()
    assert game.round == 2
    act(page, undo.click)
    expect(page.locator("#turn-error")).to_contain_text("Round 2 has begun since this page")
    expect(page.locator("#turn-error")).to_be_focused()
    expect(page.get_by_text("Round 2 of 12")).to_be_visible()
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    page.screenshot(path=screenshot_dir / "undo-refused-phone.png", full_page=True)
    assert Action.objects.filter(game=game, notation="undo").count() == 1
