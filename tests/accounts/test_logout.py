"""Logging out: a button in the header posts; the page asks first when reached by a link."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.accounts.conftest import page_text

LOGOUT = reverse("account_logout")


@pytest.mark.django_db
def test_it_logs_out_and_says_so(player_client: Client) -> None:
    response = player_client.post(LOGOUT, follow=True)
    assert "_auth_user_id" not in player_client.session
    assert "You've logged out." in page_text(response)


@pytest.mark.django_db
def test_it_asks_before_logging_out_from_a_link(player_client: Client) -> None:
    response = player_client.get(LOGOUT)
    assert "Log out of Tipperary on this device?" in page_text(response)
    assert "_auth_user_id" in player_client.session


@pytest.mark.django_db
def test_it_shows_the_player_name_in_the_header_linking_to_settings(
    player_client: Client, player: User
) -> None:
    text = page_text(player_client.get(reverse("home")))
    assert (
        '<a class="who" href="/settings/"><span class="visually-hidden">Settings for </span>'
        "Aoife</a>"
    ) in text
    assert "aoife@example.com" not in text


def test_it_shows_the_log_out_page_in_three_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user (the logged-in player)
    # 3. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(3):
        response = player_client.get(LOGOUT)
    assert response.status_code == 200
