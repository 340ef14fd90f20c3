"""A player's page shows their record: ratings and their history, results, score categories,
how reliably they play, and their finished tables, page by page."""

from __future__ import annotations

import re
from datetime import timedelta

import time_machine
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries, DjangoCaptureOnCommitCallbacks

from games.ratings.rate import rate_finished_games, rate_game
from games.services.blocks import block, unblock
from tests.ratings.tables import T0, finished_table

URL = "/players/Aoife/"


def page_of(client: Client, query: str = "") -> str:
    response = client.get(URL + query)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def test_it_shows_the_rating_of_each_pool_provisional_until_five_games(
    client: Client, host: User, player: User, outsider: User
) -> None:
    for day in range(5):
        finished_table([host, player], [70, 60], finished_at=T0 + timedelta(days=day))
    finished_table([host, player, outsider], [40, 60, 50])
    rate_finished_games()
    page = page_of(client)
    two, multi = page.split("<h3>2 players</h3>")[1].split("<h3>3–5 players</h3>")
    assert "provisional" not in two
    assert "· 5 rated games" in two
    assert "provisional" in multi
    assert "· 1 rated game<" in multi
    # Her two-player line goes up game after game, from the newcomer's 1000.
    line = re.search(r'aria-label="Rating over the last 5 rated games: from 1000 to (\d+)"', two)
    assert line is not None and int(line.group(1)) > 1000
    points = re.search(r'<polyline points="([^"]+)"', two)
    assert points is not None and len(points.group(1).split()) == 6


def test_it_counts_games_won_and_finished_and_averages_the_totals(
    client: Client, host: User, player: User
) -> None:
    finished_table([host, player], [70, 60])
    finished_table([host, player], [50, 60])
    finished_table([host, "easy", player], [60, 40, 50])
    page = page_of(client)
    assert "<dt>Games played</dt><dd>3</dd>" in page
    assert "<dt>Won</dt><dd>2</dd>" in page
    assert "<dt>Played to the end</dt><dd>3</dd>" in page
    assert "<dt>Average total</dt><dd>60.0</dd>" in page
    assert "<dt>Best total</dt><dd>70</dd>" in page
    # Each table's flock was 4 and its whiskey 6 (tests.ratings.tables.score).
    assert '<span class="bar-label">Flock</span>' in page
    assert re.search(
        r"Whiskey</span> <span[^>]*>.*?</span> <span class=\"bar-value\">6.0</span>", page
    )


def test_its_badge_says_how_reliably_the_player_plays(
    client: Client, host: User, player: User
) -> None:
    # 24 rounds at two tables, 3 of them played by the autopilot; she plays 5 hours in.
    finished_table([host, player], [70, 60], autopilot={0: 3}, hours_to_play=5)
    finished_table([host, player], [70, 60], hours_to_play=5)
    assert "Plays 88 % of rounds · usually within 5 hours" in page_of(client)


def test_a_newcomer_has_no_badge_and_no_record_yet(client: Client, host: User) -> None:
    page = page_of(client)
    assert "Plays " not in page
    assert "No rated games yet." in page
    assert "No finished tables yet." in page


def test_it_lists_the_finished_tables_with_rank_score_and_rating_move(
    client: Client, host: User, player: User, outsider: User
) -> None:
    rated = finished_table([host, player, outsider], [70, 60, 50])
    unrated = finished_table([player, host], [70, 50], rated=False, finished_at=T0)
    rate_finished_games()
    page = page_of(client)
    rows = page[page.index("Finished tables</h2>") :]
    first = re.search(rf'<a href="/games/{rated.pk}/">Table {rated.pk}</a>.*?</tr>', rows)
    assert first is not None
    assert '<td class="num">1 of 3</td> <td class="num">70</td> <td class="num">+' in first.group()
    second = re.search(rf'<a href="/games/{unrated.pk}/">Table {unrated.pk}</a>.*?</tr>', rows)
    assert second is not None and "2 of 2" in second.group() and "unrated table" in second.group()
    assert rows.index(f"Table {rated.pk}") < rows.index(f"Table {unrated.pk}")  # latest first


def test_the_finished_tables_come_twenty_to_a_page(
    client: Client, host: User, player: User
) -> None:
    games = [
        finished_table([host, player], [70, 60], finished_at=T0 + timedelta(days=i))
        for i in range(21)
    ]
    first = page_of(client)
    assert "Page 1 of 2" in first
    assert f"Table {games[0].pk}<" not in first
    assert '<a href="?page=2" rel="next">Older</a>' in first
    second = page_of(client, "?page=2")
    assert f"Table {games[0].pk}<" in second
    assert '<a href="?page=1" rel="prev">Newer</a>' in second
    # A page that is not there shows the last one; words show the first.
    assert "Page 2 of 2" in page_of(client, "?page=9")
    assert "Page 1 of 2" in page_of(client, "?page=soon")


def test_the_page_of_a_player_with_a_record_takes_twelve_queries(
    client: Client,
    host: User,
    player: User,
    outsider: User,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    for day in range(3):
        finished_table([host, player], [70, 60], finished_at=T0 + timedelta(days=day))
        finished_table([host, player, outsider], [40, 60, 50], autopilot={0: 1})
    rate_finished_games()
    # 1. SELECT accounts_profile JOIN auth_user (by display name, any case)
    # 2. SELECT games_rating (her two ratings)
    # 3.–4. SELECT games_ratingchange JOIN games_seat (the history of each pool, last 50)
    # 5. SELECT COUNT, AVG, MAX games_seat JOIN games_game (results and categories)
    # 6. SELECT COUNT DISTINCT games_action (rounds she and the autopilot played)
    # 7. SELECT games_action GROUP BY table and round (when she finished each turn)
    # 8. SELECT COUNT(*) games_seat JOIN games_game (her finished tables)
    # 9. SELECT games_seat JOIN games_game (that page of them, with players and rating moves)
    # 10. SELECT games_seat JOIN games_game (the last scored weekly challenges' entries)
    # 11. SELECT games_entrant JOIN games_tournament, COUNT entrants (her tournaments)
    # 12. SELECT games_seat JOIN games_game (her current open tables)
    with django_assert_num_queries(12):
        client.get(URL)


def test_a_new_rating_shows_at_once_though_the_page_is_kept(
    client: Client,
    host: User,
    player: User,
    django_assert_num_queries: DjangoAssertNumQueries,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    assert "No rated games yet." in page_of(client)
    with django_assert_num_queries(0):  # the same minute: served as it was drawn
        assert "No rated games yet." in page_of(client)
    game = finished_table([host, player], [70, 60])
    with django_capture_on_commit_callbacks(execute=True):
        rate_game(game.pk)
    assert "1 rated game<" in page_of(client)


def test_a_signed_in_viewer_is_served_the_kept_page_in_three_queries(
    client: Client,
    host: User,
    player: User,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    finished_table([host, player], [70, 60])
    client.force_login(player)
    with time_machine.travel(T0):  # the same minute throughout
        # Someone else's page, drawn: 1. SELECT django_session; 2. SELECT auth_user (the
        # viewer); 3. SELECT COUNT(*) games_seat, games_invitation (tables waiting for the
        # viewer, in the header); 4. SELECT accounts_profile JOIN auth_user (her, by name);
        # 5. SELECT games_rating (none yet, so no history); 6. results and categories;
        # 7.–8. rounds she played and when; 9.–10. her finished tables counted and the weekly
        # challenge entries; 11. her tournaments; 12. SELECT games_block (whether the viewer
        # blocked her: Block or Unblock); 13. her current open tables; 14. that page of her
        # finished tables
        with django_assert_num_queries(14):
            assert 'id="block"' in page_of(client)
        # Kept: the session, the viewer and the tables waiting for them; whether the viewer
        # blocked her is not asked again (a block draws the page again, see below).
        with django_assert_num_queries(3):
            assert 'id="block"' in page_of(client)


def test_a_block_or_an_unblock_shows_at_once_though_the_page_is_kept(
    client: Client,
    host: User,
    player: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    client.force_login(player)
    with time_machine.travel(T0):  # the clock moves: each mark is new
        assert 'id="block"' in page_of(client)
        with django_capture_on_commit_callbacks(execute=True):
            block(player, host)
        page = page_of(client)
        assert 'id="unblock"' in page and 'id="block"' not in page
        with django_capture_on_commit_callbacks(execute=True):
            unblock(player, host)
        page = page_of(client)
        assert 'id="block"' in page and 'id="unblock"' not in page
