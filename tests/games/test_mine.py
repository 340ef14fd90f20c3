"""Your games: invitations, then tables waiting on you (least time left first), then others,
then finished."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game
from tests.games.playing import finish_turns


def test_it_puts_tables_waiting_on_you_first(
    client: Client, host: User, player: User, started: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:  # fmt: skip
    second = services.create_game(host, seats_wanted=2, round_minutes=720, is_open=True, rated=True)
    services.join_game(second.pk, player)
    done = services.create_game(host, seats_wanted=2, round_minutes=10080, is_open=True, rated=True)
    services.join_game(done.pk, player)
    finish_turns(Game.objects.get(pk=done.pk), random.Random(1), skip=(1,))
    client.force_login(host)
    # 1. session; 2. user; 3. pending invitations with their tables, hosts and seats taken;
    # 4. active seats with games; 5. finished seats with games;
    # 6. the page's stream token with the tables waiting (header: to play, or invitations to
    # answer), in one UNION
    with django_assert_num_queries(6):  # type: ignore[operator]
        response = client.get("/games/mine/")
    html = response.content.decode()
    you = html.index("Waiting for you")
    others = html.index("Waiting for others")
    assert you < html.index(f"Table {second.pk}<") < html.index(f"Table {started.pk}<") < others
    assert others < html.index(f"Table {done.pk}<")
    assert "<title>(2) Your games" in html
