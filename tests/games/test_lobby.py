"""The lobby lists tables open to join and opens new ones."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game, GameStatus


def test_it_lists_open_tables_with_free_seats(
    client: Client, host: User, player: User, outsider: User, forming: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:  # fmt: skip
    private = services.create_game(
        host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True
    )
    client.force_login(outsider)
    # session, user (with their time zone), open tables with their hosts' profiles, open
    # tables in play, tables waiting (header count)
    with django_assert_num_queries(5):  # type: ignore[operator]
        response = client.get("/games/")
    assert response.status_code == 200
    assert f"/games/{forming.pk}/" in response.content.decode()
    assert f"/games/{private.pk}/" not in response.content.decode()
    assert "1 of 3 seats taken" in response.content.decode()


def test_it_offers_four_bot_levels_and_says_what_they_mean(
    client: Client, host: User, django_assert_num_queries: pytest.FixtureRequest
) -> None:
    client.force_login(host)
    # session, user, open tables (none, so no profiles), tables in play to watch, tables
    # waiting (header count)
    with django_assert_num_queries(5):  # type: ignore[operator]
        html = client.get("/games/").content.decode()
    options = re.findall(
        r'<option value="(\w*)"[^>]*>([^<]+)</option>', html.split('name="bot_1"')[1]
    )
    assert options[:5] == [
        ("", "A person (who joins)"),
        ("easy", "Easy bot"),
        ("medium", "Medium bot"),
        ("hard", "Hard bot"),
        ("expert", "Expert bot"),
    ]
    assert "Expert also weighs the tiles the next round is likely to bring" in html


def test_it_opens_a_table_with_the_creator_seated(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/", {"seats_wanted": "3", "round_minutes": "2880", "is_open": "0", "rated": "on"}
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert (game.seats_wanted, game.round_minutes, game.is_open, game.rated) == (
        3,
        2880,
        False,
        True,
    )
    assert game.status == GameStatus.FORMING
    assert game.seats.get().user == host


@pytest.mark.parametrize(
    "bad",
    [{"seats_wanted": "9", "round_minutes": "1440", "is_open": "1"},
     {"seats_wanted": "3", "round_minutes": "7", "is_open": "1"},
     {"seats_wanted": "3", "round_minutes": "1440"}],
)  # fmt: skip
def test_it_refuses_a_bad_table_and_says_why(
    client: Client, host: User, bad: dict[str, str]
) -> None:
    client.force_login(host)
    response = client.post("/games/new/", bad)
    assert response.status_code == 400
    assert "errorlist" in response.content.decode()
    assert not Game.objects.exists()


def test_it_needs_a_login(client: Client, db: None) -> None:
    response = client.get("/games/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_player_page_lists_their_open_tables_only(
    client: Client, host: User, outsider: User, forming: Game
) -> None:
    private = services.create_game(
        host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True
    )
    client.force_login(outsider)
    html = client.get("/players/aoife/").content.decode()
    assert "Current tables" in html
    assert f"/games/{forming.pk}/" in html
    assert f"/games/{private.pk}/" not in html


def test_it_lists_open_tables_in_play_to_watch(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    private = services.create_game(
        host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True
    )
    services.invite_player(private.pk, host, "Brendan")
    services.join_game(private.pk, player)
    client.force_login(outsider)
    html = client.get("/games/").content.decode()
    watch = html[html.index("Tables in play") :]
    assert f'href="/games/{started.pk}/"' in watch
    assert (
        "2 players · round 1 of 12" in watch
        and f'Watch<span class="visually-hidden"> Table {started.pk}' in watch
    )
    assert f"/games/{private.pk}/" not in html
