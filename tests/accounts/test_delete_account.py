"""Deleting an account: the password is required; e-mail, log-in and profile go; logged out."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from accounts.models import Profile
from tests.accounts.conftest import page_text
from tests.factories import PASSWORD

DELETE = reverse("accounts:delete")


def test_it_deletes_the_account_logs_out_and_says_so(
    player_client: Client, player: User, other_player: User
) -> None:
    response = player_client.post(DELETE, {"password": PASSWORD}, follow=True)

    assert response.redirect_chain == [(reverse("home"), 302)]
    text = page_text(response)
    assert "Your account is deleted: your e-mail address and log-in are gone." in text
    assert "shown as “former player”" in text
    assert "_auth_user_id" not in player_client.session
    assert not User.objects.filter(pk=player.pk).exists()
    assert not EmailAddress.objects.filter(email="aoife@example.com").exists()
    assert not Profile.objects.filter(display_name="Aoife").exists()
    # Nobody else is touched.
    assert Profile.objects.filter(user=other_player).exists()


def test_it_frees_the_display_name_and_the_address(client: Client, player: User) -> None:
    client.force_login(player)
    client.post(DELETE, {"password": PASSWORD})

    client.post(
        reverse("account_signup"),
        {
            "display_name": "Aoife",
            "email": "aoife@example.com",
            "password1": "Turf-and-heather-42",
            "password2": "Turf-and-heather-42",
            "time_zone": "UTC",
        },
    )

    assert Profile.objects.filter(display_name="Aoife").exists()


def test_it_refuses_a_wrong_password_and_deletes_nothing(
    player_client: Client, player: User
) -> None:
    response = player_client.post(DELETE, {"password": "not-it"})

    assert response.status_code == 200
    assert "That is not your password. Nothing was deleted." in page_text(response)
    assert User.objects.filter(pk=player.pk).exists()
    assert player_client.session["_auth_user_id"] == str(player.pk)


def test_it_stops_password_guessing_with_a_clear_page(player_client: Client, player: User) -> None:
    for _ in range(10):
        player_client.post(DELETE, {"password": "not-it"})

    response = player_client.post(DELETE, {"password": PASSWORD})

    assert response.status_code == 429
    assert "Please wait a minute, then try again." in page_text(response)
    assert User.objects.filter(pk=player.pk).exists()


def test_it_needs_a_logged_in_player(client: Client, db: None) -> None:
    response = client.post(DELETE, {"password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_it_shows_the_page_in_three_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user
    # 3. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(3):
        response = player_client.get(DELETE)
    text = page_text(response)
    assert '<label for="id_password">Your password</label>' in text
    assert "Delete my account" in text
