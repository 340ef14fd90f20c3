"""Two people finish a rated game in Chromium: the final page tells each their new rating
("Rating 1000 → … (…, provisional: 1 of 5 games)"), and the leaderboard pins their own
provisional row with the rated tables still to play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from games import services
from games.engine_bridge import load_state
from games.models import Game, GameStatus, RoundTime
from tests.browser.playing import PHONE, play_my_turn, sign_in
from tests.factories import UserFactory
from tests.fixtures.axe import assert_accessible
from tests.games.playing import play_round
from tests.ratings.tables import line_of as rating_line

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 800}


def into_the_last_round(ann: User, bob: User) -> Game:
    """Ann and Bob's rated table with every round but the last played."""
    game = services.create_game(
        ann, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=20261201)  # the same deal every run
    game = services.join_game(game.pk, bob)
    rng = random.Random(5)
    while game.round < load_state(game).rounds_total:
        game = play_round(game, rng)
    return game


def line_of(game: Game, user: User) -> str:
    return f"{rating_line(game, user)}, provisional: 1 of 5 games)"


def test_the_final_page_and_the_leaderboard_tell_each_player_their_new_rating(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    ann, bob = (UserFactory.create(username=name) for name in ("Ann", "Bob"))
    game = into_the_last_round(ann, bob)
    pages: list[Page] = [sign_in(browser, base, ann, LAPTOP), sign_in(browser, base, bob, PHONE)]
    for _ in range(6):  # the last round, then the towers
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        for page in pages:
            page.goto(f"{base}/games/{game.pk}/")
            play_my_turn(page)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.rated_at is not None

    for page, person, name in ((pages[0], ann, "laptop"), (pages[1], bob, "phone")):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
        note = page.locator("#rating-change")
        expect(note).to_have_text(f"{line_of(game, person)} · Leaderboard, 2 players")
        note.scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"final-rating-{name}.png")
        assert_accessible(page, f"the final page with the rating change ({name})")

    leaderboard = pages[0]
    leaderboard.get_by_role("link", name="Leaderboard, 2 players").click()
    expect(leaderboard.get_by_text("your own rating is below")).to_be_visible()
    mine = leaderboard.locator("tbody.mine tr.me")
    expect(mine).to_contain_text("Ann (you)")
    expect(mine).to_contain_text("Provisional: 4 more rated tables to enter the ranking")
    leaderboard.screenshot(path=screenshot_dir / "leaderboard-provisional-laptop.png")
    assert_accessible(leaderboard, "the leaderboard with a provisional row")
    phone = pages[1]
    phone.goto(f"{base}/leaderboard/")
    expect(phone.locator("tbody.mine tr.me")).to_contain_text("Bob (you)")
    phone.screenshot(path=screenshot_dir / "leaderboard-provisional-phone.png")
    assert_accessible(phone, "the leaderboard with a provisional row (phone)")
