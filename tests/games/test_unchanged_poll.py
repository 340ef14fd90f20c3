"""An unchanged poll is answered before the site's session, log-in and page middleware run; any
other request on the poll's route goes on to the view as before."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.games.playing import finish_turns
from tests.games.test_status import POLL, _token


def test_an_unchanged_poll_is_answered_before_the_page_middleware(
    client: Client, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    query = _token(client, started)
    with django_assert_num_queries(1):  # the viewer's seat and the game's version
        response = client.get(f"/games/{started.pk}/status/?{query}", headers=POLL)
    assert response.status_code == 204
    # Answered above the session, the Content-Security-Policy and the clickjacking guard (a
    # 204 has no page for them to guard); the request id and the security headers stay.
    assert "Content-Security-Policy" not in response and "X-Frame-Options" not in response
    assert "Vary" not in response and not response.cookies
    assert response["X-Request-ID"] and response["X-Content-Type-Options"] == "nosniff"


def test_a_changed_poll_goes_on_to_the_view(client: Client, player: User, started: Game) -> None:
    client.force_login(player)
    query = _token(client, started)
    finish_turns(started, random.Random(1), skip=(1,))  # the host is done
    response = client.get(f"/games/{started.pk}/status/?{query}", headers=POLL)
    assert response.status_code == 200 and "Content-Security-Policy" in response
    assert response.content.decode().lstrip().startswith('<aside id="table"')


@pytest.mark.parametrize(
    "query", ["t=" + "0" * 24 + "&v=1", "t=zz&v=1", "v=1", "t=" + "0" * 24 + "&v=x"]
)
def test_anything_but_the_viewers_current_token_gets_the_full_check(
    client: Client, started: Game, query: str
) -> None:
    # Logged out: the view sends a stranger to log in, or refuses a poll without a token.
    response = client.get(f"/games/{started.pk}/status/?{query}", headers=POLL)
    assert response.status_code in (302, 400)
    assert "Content-Security-Policy" in response


def test_an_unknown_host_is_refused_on_the_poll_too(
    client: Client, player: User, started: Game
) -> None:
    client.force_login(player)
    query = _token(client, started)
    url = f"/games/{started.pk}/status/?{query}"
    assert client.get(url, headers=POLL, HTTP_HOST="evil.example").status_code == 400
    assert client.get(url, headers=POLL).status_code == 204


def test_other_routes_ending_like_the_poll_are_left_alone(client: Client, player: User) -> None:
    client.force_login(player)
    assert client.get("/no/such/status/").status_code == 404
    assert client.post("/games/1/status/").status_code == 405
