"""The "Next table waiting for you" link: once your turn here is done, it leads to the other
table waiting on you with the least time left."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game, RoundTime
from tests.conftest import make_person
from tests.games.playing import finish_turns

NEXT = 'id="next-table"'


def _table(host: User, player: User, *, minutes: int, now: datetime) -> Game:
    """Another two-player table in round 1, its deadline ``minutes`` after ``now``."""
    game = services.create_game(
        host, seats_wanted=2, round_minutes=minutes, is_open=True, rated=True
    )
    return services.join_game(game.pk, player, now=now)


def _done_here(game: Game) -> Game:
    """The host (seat 0) plays their whole turn; the other seat has not played yet."""
    return finish_turns(game, random.Random(5), skip=(1,))


def _link(html: str) -> str:
    start = html.index(NEXT)
    return html[html.rindex("<a", 0, start) : html.index("</a>", start)]


def test_it_leads_to_the_table_with_the_least_time_left(
    client: Client, host: User, player: User, started: Game
) -> None:
    now = timezone.now()
    later = _table(host, make_person("Deirdre"), minutes=RoundTime.ONE_WEEK, now=now)
    sooner = _table(host, make_person("Eamon"), minutes=RoundTime.HALF_DAY, now=now)
    game = _done_here(started)
    client.force_login(host)

    html = client.get(f"/games/{game.pk}/").content.decode()

    assert "Your county" in html
    link = _link(html)
    assert f'href="/games/{sooner.pk}/"' in link
    assert "Next table waiting for you" in link
    assert f"/games/{later.pk}/" not in link


def test_it_skips_tables_where_you_are_done(
    client: Client, host: User, player: User, started: Game
) -> None:
    now = timezone.now()
    waiting = _table(host, make_person("Deirdre"), minutes=RoundTime.ONE_WEEK, now=now)
    played = _done_here(_table(host, make_person("Eamon"), minutes=RoundTime.HALF_DAY, now=now))
    game = _done_here(started)
    client.force_login(host)

    link = _link(client.get(f"/games/{game.pk}/").content.decode())

    assert f'href="/games/{waiting.pk}/"' in link
    assert f"/games/{played.pk}/" not in link


def test_it_is_not_shown_when_no_other_table_waits(
    client: Client, host: User, player: User, started: Game
) -> None:
    game = _done_here(started)
    client.force_login(host)

    html = client.get(f"/games/{game.pk}/").content.decode()

    assert "You are done for this round. Waiting for Brendan." in html
    assert NEXT not in html


def test_it_is_not_shown_while_your_turn_here_is_still_to_play(
    client: Client, host: User, player: User, started: Game
) -> None:
    _table(host, make_person("Deirdre"), minutes=RoundTime.ONE_DAY, now=timezone.now())
    client.force_login(host)

    html = client.get(f"/games/{started.pk}/").content.decode()

    assert "Your turn: pick a tile" in html
    assert NEXT not in html


def test_the_page_with_the_link_costs_a_fixed_number_of_queries(
    client: Client,
    host: User,
    player: User,
    started: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:
    _table(host, make_person("Deirdre"), minutes=RoundTime.ONE_DAY, now=timezone.now())
    game = _done_here(started)
    client.force_login(host)
    # session, user, the viewer's seat and token with the header count of tables waiting,
    # game, seats with users and profiles, the next table waiting (the one with the least
    # time left); no talk at the table, so no messages read
    with django_assert_num_queries(6):  # type: ignore[operator]
        response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert NEXT in response.content.decode()
