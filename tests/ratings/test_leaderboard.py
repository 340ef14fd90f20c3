"""The leaderboard: the best ratings of each pool, the viewer's own row, the month's finishers."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries, DjangoCaptureOnCommitCallbacks

from games.models import Game, Seat
from games.models.ratings import RatingPool
from games.ratings.rate import rate_finished_games, rate_game
from tests.ratings.tables import finished_table, onlooker, rated

URL = "/leaderboard/"


def names(page: str) -> list[str]:
    """The players of the board, top to bottom."""
    return re.findall(r'<th scope="row"><a class="player" href="/players/[^"]+/">([^<]+)</a>', page)


def test_it_is_public_and_linked_from_the_header(client: Client, db: None) -> None:
    response = client.get("/")
    assert f'<a href="{URL}">Leaderboard</a>' in response.content.decode()
    page = client.get(URL)
    assert page.status_code == 200
    assert "Nobody has played 5 rated tables of 2 players yet." in page.content.decode()


def test_it_ranks_settled_players_by_rating(
    client: Client, host: User, player: User, outsider: User
) -> None:
    rated(host, RatingPool.MULTI, 27.0, games=9, wins=4)
    rated(player, RatingPool.MULTI, 31.0, games=6, wins=3)
    rated(outsider, RatingPool.MULTI, 40.0, games=4)  # provisional: not on the board yet
    rated(outsider, RatingPool.TWO, 30.0)
    page = client.get(URL, {"tab": "multi"}).content.decode()
    assert names(page) == ["Brendan", "Aoife"]
    # 1000 + 25 * (31 - 3 * 2) = 1625, ± 25 * 2
    assert "<strong>1625</strong>" in page
    assert "± 50" in page
    assert '<a href="/leaderboard/?tab=multi" aria-current="page">3–5 players</a>' in page
    assert names(client.get(URL, {"tab": "two"}).content.decode()) == ["Ciara"]


def test_it_shows_games_wins_and_how_often_they_finish(
    client: Client, host: User, player: User
) -> None:
    rated(host, RatingPool.TWO, 27.0, games=7, wins=3)
    finished_table([host, player], [70, 60])
    left = finished_table([host, player], [50, 60])
    Seat.objects.filter(game=left, user=host).update(absent=True)
    page = client.get(URL).content.decode()
    row = page[page.index("/players/Aoife/") :]
    cells = re.findall(r'<td class="num part" data-label="(\w+)">(.*?)</td>', row)[:3]
    assert cells == [("Games", "7"), ("Wins", "3"), ("Finished", "50 %")]


def test_it_pins_the_viewers_own_row_below_the_top_fifty(client: Client, host: User) -> None:
    people = [onlooker(f"p{i:02d}") for i in range(51)]
    for i, person in enumerate(people):
        rated(person, RatingPool.TWO, 40.0 - i * 0.1)
    rated(host, RatingPool.TWO, 20.0)
    client.force_login(host)
    page = client.get(URL).content.decode()
    assert names(page)[:50] == [f"p{i:02d}" for i in range(50)]
    assert names(page)[50] == "Aoife"
    pinned = page[page.index('<tbody class="mine">') :]
    mine = r'<td class="num rank">52</td>\s*<th scope="row"><a[^>]*>Aoife</a> \(you\)'
    assert re.search(mine, pinned)


def test_a_viewer_in_the_top_fifty_is_not_pinned_again(client: Client, host: User) -> None:
    rated(host, RatingPool.TWO, 20.0)
    client.force_login(host)
    page = client.get(URL).content.decode()
    assert names(page) == ["Aoife"]
    assert '<tbody class="mine">' not in page
    assert '<tr class="me">' in page


def test_the_month_tab_counts_tables_without_bots_finished_this_month(
    client: Client, host: User, player: User, outsider: User
) -> None:
    this_month = datetime(2026, 12, 3, tzinfo=UTC)
    finished_table([host, player], [70, 60], finished_at=this_month)
    finished_table([host, outsider], [70, 60], finished_at=this_month)
    finished_table([player, "hard"], [70, 60], finished_at=this_month)  # a bot: not counted
    finished_table([outsider, player], [70, 60], finished_at=datetime(2026, 11, 30, tzinfo=UTC))
    with time_machine.travel("2026-12-20 12:00Z", tick=False):
        page = client.get(URL, {"tab": "month"}).content.decode()
    assert names(page) == ["Aoife", "Brendan", "Ciara"]
    assert re.findall(r'<td class="num">(\d+)</td></tr>', page) == ["2", "1", "1"]


def test_an_invite_only_table_counts_this_month_only_for_those_who_sat_at_it(
    client: Client, host: User, player: User, outsider: User
) -> None:
    this_month = datetime(2026, 12, 3, tzinfo=UTC)
    finished_table([host, outsider], [70, 60], finished_at=this_month)
    private = finished_table([host, player], [70, 60], finished_at=this_month)
    Game.objects.filter(pk=private.pk).update(is_open=False)
    with time_machine.travel("2026-12-20 12:00Z", tick=False):
        seen_from_outside = client.get(URL, {"tab": "month"}).content.decode()
        client.force_login(player)
        seen_by_brendan = client.get(URL, {"tab": "month"}).content.decode()
    assert names(seen_from_outside) == ["Aoife", "Ciara"]
    assert re.findall(r'<td class="num">(\d+)</td></tr>', seen_from_outside) == ["1", "1"]
    assert names(seen_by_brendan) == ["Aoife", "Brendan", "Ciara"]


def test_it_answers_404_for_a_tab_that_is_not_there(client: Client, db: None) -> None:
    assert client.get(URL, {"tab": "three"}).status_code == 404


@pytest.mark.parametrize("players", [3, 60])
def test_its_query_count_does_not_grow_with_the_players(
    client: Client, host: User, players: int, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    for i in range(players):
        rated(onlooker(f"p{i:02d}"), RatingPool.TWO, 30.0 - i * 0.1)
    rated(host, RatingPool.TWO, 10.0)
    # 1. SELECT rating JOIN auth_user, accounts_profile (the top 50 of the pool)
    # 2. SELECT games_seat JOIN games_game (their finished tables, counted per person)
    with django_assert_num_queries(2):
        client.get(URL)
    client.force_login(host)
    # 1. session; 2. the viewer; 3. the top 50; 4. the viewer's rating (outside the top at 60);
    # 5. finished tables counted per person; 6. how many rank above the viewer (at 60);
    # 7. tables waiting for the viewer (the header)
    with django_assert_num_queries(7 if players == 60 else 5):
        client.get(URL)
    # The month tab: one query for the board (and the same three of a viewer).
    with django_assert_num_queries(4):
        client.get(URL, {"tab": "month"})


def test_a_new_rating_shows_at_once_though_the_page_is_kept(
    client: Client,
    host: User,
    player: User,
    django_assert_num_queries: DjangoAssertNumQueries,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    for _ in range(4):
        finished_table([host, player], [70, 60])
    rate_finished_games()
    assert names(client.get(URL).content.decode()) == []
    with django_assert_num_queries(0):  # the same minute: served as it was drawn
        assert names(client.get(URL).content.decode()) == []
    game = finished_table([host, player], [70, 60])
    with django_capture_on_commit_callbacks(execute=True):
        rate_game(game.pk)
    assert names(client.get(URL).content.decode()) == ["Aoife", "Brendan"]
