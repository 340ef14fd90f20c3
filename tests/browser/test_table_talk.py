"""Table talk and rematches in Chromium: a message reaches the other player through the poll,
and a finished table is played again by the same two people."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Browser, expect

from games import services
from games.models import Game, GameStatus
from games.services.chat import post_message
from tests.browser.playing import LAPTOP, PHONE, confirm, line_up, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible
from tests.fixtures.streams import StreamServer
from tests.games.playing import finish_turns, play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL = 15_000  # ms: the page polls every 10 s


def _table(names: tuple[str, str]) -> tuple[Game, list[User]]:
    people = [UserFactory.create(username=name) for name in names]
    game = services.create_game(
        people[0], seats_wanted=2, round_minutes=1440, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=20261129)
    return services.join_game(game.pk, people[1]), people


def test_a_message_reaches_the_other_player_through_the_poll(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    game, (ann, bob) = _table(("Ann", "Bob"))
    ann_page, bob_page = sign_in(browser, base, ann), sign_in(browser, base, bob)
    for page in (ann_page, bob_page):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.get_by_role("heading", name="Table talk")).to_be_visible()

    bob_page.get_by_label("Your message").fill("half a thought")  # not sent yet
    ann_page.get_by_label("Your message").fill("Good luck, Bob! <b>not bold</b>")
    ann_page.get_by_role("button", name="Send").click()
    mine = ann_page.locator("#chat .chat-line.mine")
    expect(mine).to_contain_text("Good luck, Bob! <b>not bold</b>")
    expect(ann_page.get_by_label("Your message")).to_have_value("")

    expect(bob_page.locator("#chat .chat-line")).to_contain_text("Good luck, Bob!", timeout=POLL)
    expect(bob_page.get_by_label("Your message")).to_have_value("half a thought")  # kept
    bob_page.get_by_label("Your message").fill("Thanks, Ann. Mind the bogs.")
    bob_page.get_by_label("Your message").press("Tab")
    bob_page.keyboard.press("Enter")  # the Send button, by keyboard
    expect(ann_page.locator("#chat")).to_contain_text("Mind the bogs.", timeout=POLL)
    later = timezone.now() + timedelta(minutes=2)  # past the rate limit
    assert_accessible(ann_page, "the game page with table talk")
    for n in range(12):  # a long chat: the list scrolls, the newest stays in view
        post_message(game.pk, bob, f"Bob's story, part {n + 1}", now=later + timedelta(minutes=n))
    ann_page.reload()
    expect(ann_page.locator("#chat .chat-line").first).to_contain_text("part 12")
    expect(ann_page.get_by_text("part 12")).to_be_in_viewport()

    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        ann_page.set_viewport_size(viewport)  # type: ignore[arg-type]
        ann_page.screenshot(path=screenshot_dir / f"chat-{name}.png", full_page=True)
        chat = ann_page.locator("#chat")
        chat.scroll_into_view_if_needed()
        chat.screenshot(path=screenshot_dir / f"chat-panel-{name}.png")

    watcher = sign_in(browser, base, UserFactory.create(username="Cara"), PHONE)
    watcher.goto(f"{base}/games/")
    watcher.get_by_role("link", name=f"Watch {game}").click()
    expect(watcher.get_by_text("Watching this game")).to_be_visible()
    expect(watcher.locator("#chat")).to_contain_text("Mind the bogs.")
    expect(watcher.get_by_text("Only the players at this table can write here.")).to_be_visible()
    watcher.go_back()
    watcher.screenshot(path=screenshot_dir / "lobby-watch-phone.png", full_page=True)


def test_the_talk_on_a_page_stays_put_while_the_table_moves_and_is_drawn_again_on_a_message(
    browser: Browser, live_server: object, live_streams: StreamServer, screenshot_dir: Path
) -> None:
    """A poll for a neighbour's move or a new round leaves the chat panel the page has (the
    same element, with what the player is typing); a new message draws it again. The
    neighbour's county and the wheel, too, stay the same elements while their turn is hidden,
    and are drawn again once the round ends; the player's own move keeps them all."""
    base = str(live_server)
    game, (ann, bob) = _table(("Ann", "Bob"))
    post_message(game.pk, bob, "Hello from Bob")
    page = sign_in(browser, base, ann, PHONE)
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator(".presence.is-here")).to_have_count(1, timeout=POLL)  # on its stream
    page.evaluate("document.getElementById('chat').markedByTest = true")
    page.evaluate("document.getElementById('other-board-1').markedByTest = true")
    page.evaluate("document.getElementById('wheel').markedByTest = true")
    page.get_by_label("Your message").fill("half a thought")
    kept = "document.getElementById('chat').markedByTest === true"
    county_kept = "document.getElementById('other-board-1').markedByTest === true"
    wheel_kept = "document.getElementById('wheel').markedByTest === true"
    squares = page.locator("#other-board-1 .cell").count()

    page.locator("#other-county-1 summary").click()  # Ann looks at Bob's county, large
    rng = random.Random(8)
    finish_turns(game, rng, skip=(0,))  # Bob is done: the table panel is drawn again
    expect(page.locator('#table tr:has(th:has-text("Bob"))')).to_contain_text("done", timeout=POLL)
    assert page.evaluate(kept), "the chat panel was drawn again for a move"
    assert page.evaluate(county_kept), "Bob's county was drawn again for his hidden move"
    assert page.evaluate(wheel_kept), "the wheel was drawn again for Bob's hidden move"
    expect(page.locator("#other-board-1 .cell")).to_have_count(squares)
    expect(page.locator("#other-county-1")).to_have_attribute("open", "")  # still opened
    finish_turns(game, rng, skip=(1,))  # Ann's turn from elsewhere ends the round: the game
    expect(page.locator(".game-meta")).to_contain_text("Round 2 of", timeout=POLL)
    assert page.evaluate(kept), "the chat panel was drawn again for the new round"
    assert not page.evaluate(county_kept), "Bob's county was kept though his tile now shows"
    assert not page.evaluate(wheel_kept), "the wheel was kept though it turned"
    assert page.locator("#other-board-1 .cell").count() > squares
    expect(page.locator("#chat")).to_contain_text("Hello from Bob")
    expect(page.get_by_label("Your message")).to_have_value("half a thought")

    post_message(game.pk, bob, "Well played, Ann")
    expect(page.locator("#chat .chat-line").first).to_contain_text("Well played", timeout=POLL)
    assert not page.evaluate(kept), "a new message left the old panel"
    expect(page.get_by_label("Your message")).to_have_value("half a thought")
    expect(page.locator("#chat .chat-line")).to_have_count(2)
    page.locator("#chat").screenshot(path=screenshot_dir / "chat-kept-phone.png")

    # Ann's own move answers with the whole game, which leaves her the talk and Bob's county.
    page.evaluate("document.getElementById('chat').markedByTest = true")
    page.evaluate("document.getElementById('other-board-1').markedByTest = true")
    line_up(page)
    confirm(page)
    expect(page.locator("#turn")).not_to_contain_text("Choose one of your two tiles")
    assert page.evaluate(kept), "the chat panel was drawn again for Ann's move"
    assert page.evaluate(county_kept), "Bob's county was drawn again for Ann's move"
    expect(page.get_by_label("Your message")).to_have_value("half a thought")


def test_a_finished_table_is_played_again(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    game, (ann, bob) = _table(("Ann", "Bob"))
    rng = random.Random(3)
    while game.status == GameStatus.PLAYING:
        game = play_round(game, rng)
    ann_page, bob_page = sign_in(browser, base, ann), sign_in(browser, base, bob)

    ann_page.goto(f"{base}/games/{game.pk}/")
    ann_page.locator(".final").screenshot(path=screenshot_dir / "rematch-ask-laptop.png")
    ann_page.get_by_role("button", name="Play again with this table").click()
    expect(ann_page.get_by_text("Everyone from the table is invited")).to_be_visible()
    expect(ann_page.get_by_text("Seats (1 of 2)")).to_be_visible()
    rematch = Game.objects.get(rematch_of=game)
    ann_page.screenshot(path=screenshot_dir / "rematch-forming-laptop.png", full_page=True)

    bob_page.goto(f"{base}/games/{game.pk}/")
    expect(bob_page.get_by_text("Rematch: 1 of 2 accepted")).to_be_visible()
    assert_accessible(bob_page, "a finished table with its rematch")
    for viewport, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        bob_page.set_viewport_size(viewport)  # type: ignore[arg-type]
        bob_page.locator(".final").screenshot(path=screenshot_dir / f"rematch-final-{name}.png")
    bob_page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]
    bob_page.get_by_role("link", name="Your games").click()
    bob_page.get_by_role("button", name=re.compile(f"Join.*{rematch}")).click()
    expect(bob_page.get_by_text("Round 1 of 12")).to_be_visible()

    ann_page.goto(f"{base}/games/{game.pk}/")
    expect(ann_page.get_by_text("Rematch: in play")).to_be_visible()
    ann_page.get_by_role("link", name=f"Go to {rematch}").click()
    expect(ann_page.get_by_text("Round 1 of 12")).to_be_visible()
