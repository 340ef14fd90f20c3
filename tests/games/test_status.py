"""The live-update poll: 204 while nothing changed, the table panel when someone finished,
a page refresh when the round advanced."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game
from tests.games.playing import finish_turns, play_round


def _poll(client: Client, game: Game, version: int, round_: int = 1) -> object:
    return client.get(
        f"/games/{game.pk}/status/?v={version}&r={round_}",
        headers={"HX-Request": "true", "HX-Target": "table"},
    )


def test_it_answers_204_while_nothing_changed(
    client: Client, player: User, started: Game, django_assert_num_queries: pytest.FixtureRequest
) -> None:
    client.force_login(player)
    # session, user, the game's version
    with django_assert_num_queries(3):  # type: ignore[operator]
        response = _poll(client, started, started.version)
    assert response.status_code == 204  # type: ignore[attr-defined]


def test_it_sends_the_table_when_a_neighbour_finished(
    client: Client, host: User, player: User, started: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:  # fmt: skip
    seen = started.version
    finish_turns(started, random.Random(1), skip=(1,))
    client.force_login(player)
    # session, user, version check, game, seats with users and profiles
    with django_assert_num_queries(5):  # type: ignore[operator]
        response = _poll(client, started, seen)
    html = response.content.decode()  # type: ignore[attr-defined]
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert html.lstrip().startswith('<aside id="table"')
    assert "done" in html


def test_it_asks_for_a_refresh_when_the_round_advanced(
    client: Client, player: User, started: Game
) -> None:
    seen = started.version
    play_round(started, random.Random(2))
    client.force_login(player)
    response = _poll(client, started, seen)
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert response["HX-Refresh"] == "true"  # type: ignore[index]


def test_it_refuses_a_poll_without_version(client: Client, player: User, started: Game) -> None:
    client.force_login(player)
    assert client.get(f"/games/{started.pk}/status/").status_code == 400


def test_invite_only_tables_stay_hidden_from_pollers(
    client: Client, host: User, outsider: User
) -> None:
    game = services.create_game(host, seats_wanted=2, round_hours=24, is_open=False, rated=True)
    client.force_login(outsider)
    assert _poll(client, game, game.version).status_code == 404  # type: ignore[attr-defined]
