"""Logging in: by e-mail address, only once the address is confirmed, with limits on guessing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries
from pytest_django.fixtures import Settings as SettingsWrapper

from accounts.models import Profile
from tests.accounts.conftest import page_text, sent_mail
from tests.factories import PASSWORD, UserFactory

LOGIN = reverse("account_login")


@pytest.mark.django_db
def test_it_logs_a_confirmed_player_in_by_e_mail_address_to_their_games(
    client: Client, player: User
) -> None:
    response = client.post(LOGIN, {"login": "Aoife@Example.com", "password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(reverse("games:mine"), 302)]
    assert client.session["_auth_user_id"] == str(player.pk)
    assert "<h1>Your games</h1>" in page_text(response)


@pytest.mark.django_db
def test_it_welcomes_a_first_log_in_as_new_and_the_next_ones_back(
    client: Client, player: User
) -> None:
    first = client.post(LOGIN, {"login": "aoife@example.com", "password": PASSWORD}, follow=True)
    client.post(reverse("account_logout"))
    second = client.post(LOGIN, {"login": "aoife@example.com", "password": PASSWORD}, follow=True)

    assert "Welcome to Tipperary, Aoife! To play, join a table in the lobby" in page_text(first)
    assert "Welcome back" not in page_text(first)
    assert "Welcome back, Aoife." in page_text(second)
    assert "Welcome to Tipperary" not in page_text(second)


@pytest.mark.django_db
def test_it_goes_on_to_the_page_asked_for_before_log_in(client: Client, player: User) -> None:
    settings_page = reverse("accounts:settings")
    response = client.post(
        f"{LOGIN}?next={settings_page}", {"login": "aoife@example.com", "password": PASSWORD}
    )
    assert response["Location"] == settings_page


@pytest.mark.django_db
def test_it_does_not_let_an_unconfirmed_account_in_and_sends_a_fresh_link(client: Client) -> None:
    UserFactory.create(username="Declan", email="declan@example.com", email_address__verified=False)

    response = client.post(LOGIN, {"login": "declan@example.com", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session
    [message] = sent_mail()
    assert message.to == ["declan@example.com"]
    assert "/accounts/confirm-email/" in message.body
    # Still not in when it asks for a page that needs a player.
    settings_page = client.get(reverse("accounts:settings"))
    assert settings_page.status_code == 302
    assert settings_page["Location"].startswith(LOGIN)


@pytest.mark.django_db
def test_it_says_when_the_address_and_password_do_not_match(client: Client, player: User) -> None:
    response = client.post(LOGIN, {"login": "aoife@example.com", "password": "not-it"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert "That e-mail address and password don't match an account." in page_text(response)


@pytest.mark.django_db
def test_it_pauses_log_in_after_five_wrong_passwords_for_one_address(
    client: Client, player: User
) -> None:
    for _ in range(5):
        client.post(LOGIN, {"login": "aoife@example.com", "password": "not-it"})

    response = client.post(LOGIN, {"login": "aoife@example.com", "password": PASSWORD})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert "Too many failed log-in attempts for this address." in page_text(response)


@pytest.mark.django_db
def test_it_answers_too_many_log_ins_from_one_place_with_a_clear_page(
    client: Client, player: User, settings: SettingsWrapper
) -> None:
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login": "2/m/ip"}
    for _ in range(2):
        client.post(LOGIN, {"login": "aoife@example.com", "password": "not-it"})

    response = client.post(LOGIN, {"login": "aoife@example.com", "password": PASSWORD})

    assert response.status_code == 429
    text = page_text(response)
    assert "<h1>Too many attempts</h1>" in text
    assert "Please wait a minute, then try again." in text
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_it_gives_a_profile_to_a_user_made_with_createsuperuser_on_first_log_in(
    client: Client,
) -> None:
    admin = UserFactory.create(username="eithne", email="eithne@example.com", profile=None)
    assert not Profile.objects.filter(user=admin).exists()

    client.post(LOGIN, {"login": "eithne@example.com", "password": PASSWORD})

    assert Profile.objects.get(user=admin).display_name == "eithne"


@pytest.mark.django_db
def test_it_labels_the_fields_and_links_the_password_reset(client: Client) -> None:
    text = page_text(client.get(LOGIN))
    assert '<label for="id_login">E-mail address</label>' in text
    assert '<label for="id_password">Password</label>' in text
    # The reset link comes after the form, not between the two fields in tab order.
    assert '<p class="aside"><a href="/accounts/password/reset/">Forgotten your password?' in text
    assert 'autocomplete="current-password"' in text
    assert "placeholder" not in text


def test_it_shows_the_log_in_page_without_a_query(
    client: Client, db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # None: a first-time visitor has no session to read, and the page needs no rows.
    with django_assert_num_queries(0):
        response = client.get(LOGIN)
    assert response.status_code == 200
