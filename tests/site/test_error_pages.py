"""The error pages a person meets when DEBUG is off: in the site's frame, saying what happened in
words and where to go next, never Django's bare "Not Found" or "Server Error"."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.test import Client
from django.urls import include, path
from pytest_django.fixtures import Settings as SettingsWrapper

from games import services
from games.models import RoundTime


def _broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a fault in the site")


# The site's own addresses and one that fails, for the server error page.
urlpatterns = [path("broken/", _broken), path("", include("tipperary_site.urls"))]


@pytest.fixture(autouse=True)
def _no_debug(settings: SettingsWrapper) -> None:
    settings.DEBUG = False


def text_of(response: HttpResponseBase) -> str:
    assert isinstance(response, HttpResponse)
    return html.unescape(response.content.decode())


def in_the_site_frame(text: str) -> bool:
    return '<header class="site-header">' in text and "/static/css/site.css" in text


@pytest.mark.django_db
def test_an_unknown_address_is_a_styled_not_found_page(client: Client) -> None:
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    text = text_of(response)
    assert in_the_site_frame(text)
    assert '<h1 id="error-title">This page is not here</h1>' in text
    assert "Resolver404" not in text
    assert "Go to the home page" in text


def test_a_table_closed_to_its_visitor_says_why_in_the_site_frame(
    client: Client, host: User, outsider: User
) -> None:
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False
    )
    client.force_login(outsider)
    response = client.get(f"/games/{game.pk}/")

    assert response.status_code == 404
    text = text_of(response)
    assert in_the_site_frame(text)
    assert "No such table." in text
    assert "Your games" in text  # the header knows who is here


def test_a_missing_table_is_not_described_in_django_s_words(client: Client, player: User) -> None:
    client.force_login(player)
    response = client.get("/games/999999/")

    assert response.status_code == 404
    assert "matches the given query" not in text_of(response)


def test_a_person_without_permission_gets_a_styled_forbidden_page(
    client: Client, outsider: User
) -> None:
    client.force_login(outsider)
    response = client.get("/admin/login/")  # staff only

    assert response.status_code == 403
    text = text_of(response)
    assert in_the_site_frame(text)
    assert '<h1 id="error-title">You may not open this page</h1>' in text


@pytest.mark.django_db
def test_a_bad_request_is_a_styled_page_that_claims_no_account(client: Client) -> None:
    response = client.get("/", HTTP_HOST="not a host")

    assert response.status_code == 400
    text = text_of(response)
    assert in_the_site_frame(text)
    assert '<h1 id="error-title">That request was not understood</h1>' in text
    assert "Log in" not in text  # drawn without the request: it cannot know who is here


@pytest.mark.urls("tests.site.test_error_pages")
@pytest.mark.django_db
def test_a_server_error_is_a_styled_page(client: Client) -> None:
    client.raise_request_exception = False
    response = client.get("/broken/")

    assert response.status_code == 500
    text = text_of(response)
    assert in_the_site_frame(text)
    assert '<h1 id="error-title">Something went wrong on our side</h1>' in text
    assert "a fault in the site" not in text


def test_the_server_error_page_needs_neither_a_request_nor_the_database() -> None:
    # No database is open to this test: a query would fail it.
    text = render_to_string("500.html")

    assert "Something went wrong on our side" in text
