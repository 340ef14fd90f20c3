"""Simultaneous means simultaneous (R4.2): three people at one table in three browsers, one on a
phone. Nobody's move bounces anybody else's, and every page follows the others by itself, on
its stream as the site runs (a page on its poll alone: tests/browser/test_table_talk.py and the
dead stream process of tests/browser/test_live_table.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

import engine
from engine import bots
from games import services
from games.engine_bridge import load_state
from games.models import Action, Game, GameStatus, Seat
from tests.browser.playing import PHONE, confirm, line_up, play_follow_ups, sign_in
from tests.factories import UserFactory
from tests.fixtures.streams import StreamServer
from tests.games.playing import step_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A page on its stream hears of a change within a second; allow for a slow machine, and for
# one poll (every 10 s) should a stream drop.
BY_ITSELF = 15_000


def _table(people: list[User], seed: int) -> Game:
    game = services.create_game(
        people[0], seats_wanted=len(people), round_minutes=1440, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=seed)  # the same deal every run
    for person in people[1:]:
        game = services.join_game(game.pk, person)
    return game


def _moves_of(game: Game, person: User) -> list[str]:
    seat = Seat.objects.get(game=game, user=person)
    return list(
        Action.objects.filter(game=game, seat=seat.position, round=game.round)
        .order_by("seq")
        .values_list("notation", flat=True)
    )


def _no_error(page: Page) -> None:
    expect(page.locator("#turn-error")).to_have_count(0)


def test_three_people_play_at_once_and_no_move_bounces_another(
    browser: Browser, live_server: object, live_streams: StreamServer, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob, cara = (UserFactory.create(username=n) for n in ("Ann", "Bob", "Cara"))
    game = _table([ann, bob, cara], seed=20261201)
    pages = {
        "ann": sign_in(browser, base, ann),
        "bob": sign_in(browser, base, bob),
        "cara": sign_in(browser, base, cara, viewport=PHONE),
    }
    for page in pages.values():
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    a, b, c = pages["ann"], pages["bob"], pages["cara"]
    c.screenshot(path=screenshot_dir / "play-phone-1-choose.png", full_page=True)

    # Ann and Bob line up tiles; Ann places first; Bob's page, drawn before, still places his.
    line_up(a)
    bobs = line_up(b)
    c_tile = line_up(c)
    c.screenshot(path=screenshot_dir / "play-phone-2-trying.png", full_page=True)
    confirm(a)
    _no_error(a)
    play_follow_ups(a)
    expect(a.locator("#waiting")).to_contain_text("Waiting for Bob, Cara")
    a.screenshot(path=screenshot_dir / "play-laptop-3-waiting.png", full_page=True)
    confirm(b)
    _no_error(b)
    assert _moves_of(game, bob)[0] == bobs
    play_follow_ups(b)
    # Ann's page follows by itself: only Cara is left.
    expect(a.locator("#waiting")).to_contain_text("Waiting for Cara.", timeout=BY_ITSELF)

    confirm(c)  # Cara's tile, lined up before both moves, still lands
    _no_error(c)
    assert _moves_of(game, cara)[0] == c_tile
    play_follow_ups(c)
    for page in (a, b, c):
        expect(page.get_by_text("Round 2 of 12")).to_be_visible(timeout=BY_ITSELF)
        expect(page.locator("#choice-0")).to_be_visible()
    c.screenshot(path=screenshot_dir / "play-phone-4-next-round.png", full_page=True)

    # Round 2: Ann first, then Bob and Cara submit at the same moment; both land.
    line_up(a)
    confirm(a)
    play_follow_ups(a)
    bobs, caras = line_up(b), line_up(c)
    for page in (b, c):
        page.locator("#turn").evaluate("turn => { turn.dataset.stale = 'yes'; }")
    b.locator("#ctl-confirm").click(no_wait_after=True)
    c.locator("#ctl-confirm").click(no_wait_after=True)
    for page in (b, c):
        page.locator("#turn:not([data-stale])").wait_for()
        _no_error(page)
    game.refresh_from_db()
    assert _moves_of(game, bob)[0] == bobs and _moves_of(game, cara)[0] == caras
    for page in (b, c):
        play_follow_ups(page)
    for page in (a, b, c):
        expect(page.get_by_text("Round 3 of 12")).to_be_visible(timeout=BY_ITSELF)


def _bot_turns(game: Game, people: dict[int, User], *, until_round: int) -> Game:
    """Every seat plays its turns with the medium (greedy) bot, through the services, round by
    round."""
    while game.status == GameStatus.PLAYING and game.round <= until_round:
        round_ = game.round
        for position, person in people.items():
            state = load_state(game)
            if engine.pending(state, position).kind is engine.PendingKind.NONE:
                continue
            _, actions = bots.play_turn("medium", state, position, game.seed + position + round_)
            for action in actions:
                services.submit_action(game.pk, person, str(action), step_of(game, person))
        services.advance_complete_games()
        game.refresh_from_db()
        if game.round == round_ and load_state(game).phase is not engine.Phase.PLAYING:
            break
    return game


def test_the_towers_step_and_the_final_scores_appear_by_themselves(
    browser: Browser, live_server: object, live_streams: StreamServer, screenshot_dir: Path
) -> None:
    """R6.1 then R6.2: after the last tile of the last round every page shows the towers step,
    and after the towers the final scores and the winner, without a reload."""
    base = str(live_server)
    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    game = _table([ann, bob], seed=16)  # with medium play, each earns one tower at the end
    game = _bot_turns(game, {0: ann, 1: bob}, until_round=11)
    assert game.round == 12
    a, b = sign_in(browser, base, ann), sign_in(browser, base, bob, viewport=PHONE)
    for page in (a, b):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.get_by_text("Round 12 of 12")).to_be_visible()

    _bot_turns(game, {0: ann, 1: bob}, until_round=12)  # the last tiles, played elsewhere
    for page in (a, b):
        expect(page.locator("#turn h2")).to_have_text(
            "Final step: place your tower", timeout=BY_ITSELF
        )
        expect(page.locator(".wheel")).to_have_count(0)
    a.screenshot(path=screenshot_dir / "towers-laptop.png", full_page=True)
    b.screenshot(path=screenshot_dir / "towers-phone.png", full_page=True)

    play_follow_ups(a)
    expect(a.locator("#waiting")).to_contain_text("waiting for Bob to place their towers")
    play_follow_ups(b)
    for page in (a, b):
        expect(page.get_by_role("heading", name="Final scores")).to_be_visible(timeout=BY_ITSELF)
        expect(page.locator(".winner-banner")).to_contain_text("points!")
    a.screenshot(path=screenshot_dir / "final-laptop.png", full_page=True)
    b.screenshot(path=screenshot_dir / "final-phone.png", full_page=True)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
