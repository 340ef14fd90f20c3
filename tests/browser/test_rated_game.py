"""Three people open and join a rated table in Chromium and play its last round and the towers
there (the rounds between are played as the server takes any move: a whole game in the browser
is tests/browser/test_two_player_game.py); the last move rates the table, the leaderboard then
ranks them by their new ratings, and each player page shows the rating, the badge and the
finished table."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from playwright.sync_api import Browser, expect

from games.engine_bridge import load_state
from games.models import Game, GameStatus
from games.models.ratings import Rating, RatingPool
from games.ratings.rate import rate_finished_games
from games.ratings.scale import shown
from tests.browser.playing import MOVES, play_my_turn, sign_in
from tests.factories import UserFactory
from tests.games.playing import play_round
from tests.ratings.tables import T0, finished_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_rated_game_in_the_browser_ends_on_the_leaderboard(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    people = [UserFactory.create(username=name) for name in ("Ann", "Bob", "Cat")]
    # Four rated tables of three behind them: the game played here is their fifth.
    for day, totals in enumerate(([60, 50, 40], [45, 55, 50], [50, 40, 60], [52, 52, 48])):
        finished_table(people, list(totals), finished_at=T0 + timedelta(days=day))
    rate_finished_games()
    assert Rating.objects.filter(games=4).count() == 3
    pages = [sign_in(browser, base, person) for person in people]

    ann = pages[0]
    ann.goto(f"{base}/games/")
    ann.get_by_label("Players").select_option("3")
    expect(ann.get_by_label("Rated game")).to_be_checked()
    ann.get_by_role("button", name="Open the table").click()
    expect(ann.get_by_text("Seats (1 of 3)")).to_be_visible()
    game = Game.objects.get(status=GameStatus.FORMING)
    Game.objects.filter(pk=game.pk).update(seed=20261201)  # the same deal every run
    for page in pages[1:]:
        page.goto(f"{base}/games/{game.pk}/")
        page.get_by_role("button", name="Take a seat").click()
    expect(pages[2].get_by_text("Round 1 of 12")).to_be_visible()

    game.refresh_from_db()
    rng = random.Random(MOVES)
    while game.round < load_state(game).rounds_total:
        game = play_round(game, rng)
    for _ in range(3):  # the last round, then the towers
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        for page in pages:
            page.goto(f"{base}/games/{game.pk}/")
            play_my_turn(page)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    # The rating task ran as the last move committed: all three ratings moved.
    ratings = list(Rating.objects.filter(pool=RatingPool.MULTI).order_by("-ordinal"))
    assert [r.games for r in ratings] == [5, 5, 5]
    ann.goto(f"{base}/games/{game.pk}/")
    expect(ann.get_by_role("heading", name="Final scores")).to_be_visible()

    ann.get_by_role("link", name="Leaderboard", exact=True).click()  # the header's link
    ann.get_by_role("link", name="3–5 players").click()
    rows = ann.locator("table.ranking tbody th a.player")
    expect(rows).to_have_text([r.user.username for r in ratings])
    best = ratings[0]
    expect(ann.locator("table.ranking tbody tr").first).to_contain_text(str(shown(best.ordinal)))

    for rating in ratings:
        ann.goto(f"{base}/leaderboard/?tab=multi")
        ann.get_by_role("link", name=rating.user.username, exact=True).click()
        expect(ann.get_by_role("heading", name=rating.user.username, level=1)).to_be_visible()
        record = ann.locator(".record")
        expect(record).to_contain_text(f"{shown(rating.ordinal)}")
        expect(record).to_contain_text("5 rated games")
        expect(record).not_to_contain_text("provisional")
        badge = ann.locator(".reliability")
        expect(badge).to_contain_text("Plays 100 % of rounds · usually within")
        expect(ann.get_by_role("link", name=str(game))).to_be_visible()
