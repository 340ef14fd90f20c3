"""The home page: a visitor learns the game and is offered sign-up; a player finds their tables."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from games import services
from games.models import Game, RoundTime


def text_of(response: object) -> str:
    content = getattr(response, "content", b"")
    assert isinstance(content, bytes)
    return html.unescape(content.decode())


def table_of_two(host: User, player: User) -> Game:
    """A table for two that starts as ``player`` sits down: round 1 waits on both of them."""
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False
    )
    return services.join_game(game.pk, player)


@pytest.mark.django_db
def test_it_tells_a_visitor_what_the_game_is_and_offers_sign_up(client: Client) -> None:
    text = text_of(client.get("/"))

    assert "<h1>Build the finest county in Ireland, one tile a day.</h1>" in text
    assert '<a class="button" href="/accounts/signup/">Sign up and find a table</a>' in text
    assert "How a game works" in text
    assert "Your tables" not in text


def test_it_offers_a_player_their_tables_and_the_lobby(
    client: Client, host: User, player: User, outsider: User
) -> None:
    table_of_two(host, player)
    table_of_two(outsider, player)
    client.force_login(player)

    text = text_of(client.get("/"))

    assert '<h1 id="tables-title">Your tables</h1>' in text
    assert "2 tables are waiting for your move." in text
    assert '<a class="button" href="/games/mine/">Your games</a>' in text
    assert (
        '<a class="button secondary" href="/games/">Find or open a table in the lobby</a>' in text
    )
    # A player has no use for the sign-up pitch.
    assert "Sign up and find a table" not in text
    assert "Build the finest county" not in text


def test_it_counts_one_waiting_table_in_the_singular(
    client: Client, host: User, player: User
) -> None:
    table_of_two(host, player)
    client.force_login(host)

    assert "1 table is waiting for your move." in text_of(client.get("/"))


def test_it_says_when_no_table_waits_on_the_player(client: Client, outsider: User) -> None:
    client.force_login(outsider)

    text = text_of(client.get("/"))

    assert "No table is waiting for your move." in text
    assert 'href="/games/"' in text


def test_it_shows_a_visitor_the_page_without_a_query(
    client: Client, db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # None: a first-time visitor has no session to read, and the page is words only.
    with django_assert_num_queries(0):
        response = client.get("/")
    assert response.status_code == 200


def test_it_shows_a_player_the_page_in_three_queries(
    client: Client,
    host: User,
    player: User,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    table_of_two(host, player)
    client.force_login(player)
    # 1. SELECT django_session; 2. SELECT auth_user (the logged-in player)
    # 3. SELECT COUNT(*) games_seat JOIN games_game (tables waiting: title, header and panel)
    with django_assert_num_queries(3):
        response = client.get("/")
    assert "1 table is waiting for your move." in text_of(response)
