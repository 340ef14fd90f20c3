"""A POST larger than the site takes gets a clear 413, not a reset connection, and changes
nothing; one within the limit goes through."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from games.models import Game

pytestmark = pytest.mark.django_db


def test_a_five_megabyte_post_is_answered_413_in_a_sentence(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/", {"seats_wanted": "2", "round_minutes": "1440", "padding": "x" * 5_000_000}
    )
    assert response.status_code == 413
    assert response.content.decode() == (
        "This request is too large: the site takes at most 2.6 MB at once.\n"
    )
    assert not Game.objects.exists()


def test_the_sentence_is_in_the_browser_s_language(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/", {"padding": "x" * 5_000_000}, headers={"accept-language": "de"}
    )
    assert response.status_code == 413
    assert "2,6 MB" in response.content.decode()
    assert "This request" not in response.content.decode()


def test_a_post_within_the_limit_goes_through(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/",
        {"seats_wanted": "2", "round_minutes": "1440", "is_open": "1", "padding": "x" * 100_000},
    )
    assert response.status_code == 302
    assert Game.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_real_server_reads_the_whole_body_and_answers_413(live_server: LiveServer) -> None:
    address = urlsplit(live_server.url)
    assert address.hostname is not None
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    body = b"padding=" + b"x" * 5_000_000
    connection.request(
        "POST", "/accounts/login/", body=body,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )  # fmt: skip
    response = connection.getresponse()
    assert response.status == 413
    assert b"too large" in response.read()
    connection.close()
