"""Changing the password from the settings: the current one is needed, weak ones refused."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.accounts.conftest import NEW_PASSWORD, page_text, sent_mail
from tests.factories import PASSWORD

CHANGE = reverse("account_change_password")


def test_it_changes_the_password_keeps_the_player_logged_in_and_tells_them(
    player_client: Client, player: User
) -> None:
    response = player_client.post(
        CHANGE,
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )

    assert "Your password is changed." in page_text(response)
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD)
    assert player_client.session["_auth_user_id"] == str(player.pk)
    [notice] = sent_mail()
    assert notice.to == ["aoife@example.com"]
    assert notice.subject == "[Tipperary] Your password was changed"
    assert "If this wasn't you, reset your password straight away" in notice.body


def test_it_refuses_a_wrong_current_password(player_client: Client, player: User) -> None:
    response = player_client.post(
        CHANGE, {"oldpassword": "not-it", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert "That is not your current password." in page_text(response)
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


def test_it_refuses_a_weak_new_password(player_client: Client, player: User) -> None:
    response = player_client.post(
        CHANGE, {"oldpassword": PASSWORD, "password1": "aoife123", "password2": "aoife123"}
    )
    assert "The password is too similar to the" in page_text(response)
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


def test_it_shows_the_password_page_in_the_settings_in_three_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user
    # 3. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(3):
        response = player_client.get(CHANGE)
    text = page_text(response)
    assert '<a href="/accounts/password/change/" aria-current="page">Password</a>' in text
    assert '<label for="id_oldpassword">Current password</label>' in text
