"""The confirmation link: it confirms once, and logs in the browser that signed up; expired or
tampered links say so and change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from tests.accounts.conftest import NEW_PASSWORD, link_in, page_text, path_of, sent_mail
from tests.factories import PASSWORD, UserFactory


@pytest.fixture
def newcomer(db: None) -> User:
    """Declan signed up but has not opened his link yet."""
    return UserFactory.create(
        username="Declan", email="declan@example.com", email_address__verified=False
    )


def confirm_url(user: User) -> str:
    address = EmailAddress.objects.get(user=user)
    return reverse("account_confirm_email", args=[EmailConfirmationHMAC(address).key])


def sign_up(client: Client) -> str:
    """Eimear signs up in ``client``'s browser; the path of the link in her mail."""
    client.post(
        reverse("account_signup"),
        {
            "display_name": "Eimear",
            "email": "eimear@example.com",
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
            "time_zone": "Europe/Dublin",
        },
    )
    [message] = sent_mail()
    return path_of(link_in(str(message.body)))


@pytest.mark.django_db
def test_it_logs_in_the_browser_that_signed_up_and_welcomes_a_newcomer(client: Client) -> None:
    link = sign_up(client)

    confirmed = client.post(link, follow=True)

    eimear = User.objects.get(email="eimear@example.com")
    assert client.session["_auth_user_id"] == str(eimear.pk)
    assert confirmed.redirect_chain == [(reverse("games:mine"), 302)]
    assert "Welcome to Tipperary, Eimear! To play, join a table" in page_text(confirmed)


@pytest.mark.django_db
def test_it_only_confirms_when_the_sign_up_was_over_fifteen_minutes_ago(client: Client) -> None:
    link = sign_up(client)

    with time_machine.travel(timezone.now() + timedelta(minutes=16)):
        confirmed = client.post(link, follow=True)

    assert EmailAddress.objects.get(email="eimear@example.com").verified
    assert "_auth_user_id" not in client.session
    assert confirmed.redirect_chain[-1][0] == reverse("account_login")


def test_it_confirms_the_address_from_the_link(client: Client, newcomer: User) -> None:
    url = confirm_url(newcomer)
    page = client.get(url)
    assert "<h1>Confirm your e-mail address</h1>" in page_text(page)

    client.post(url)

    assert EmailAddress.objects.get(user=newcomer).verified


def test_it_asks_another_browser_to_log_in_and_then_welcomes_a_newcomer(
    client: Client, newcomer: User
) -> None:
    # A link that leaked from the mailbox must not be a way in without the password.
    confirmed = client.post(confirm_url(newcomer), follow=True)
    assert "_auth_user_id" not in client.session
    assert confirmed.redirect_chain[-1][0] == reverse("account_login")
    assert "Thanks: declan@example.com is confirmed." in page_text(confirmed)

    logged_in = client.post(
        reverse("account_login"),
        {"login": "declan@example.com", "password": PASSWORD},
        follow=True,
    )

    assert client.session["_auth_user_id"] == str(newcomer.pk)
    assert logged_in.redirect_chain == [(reverse("games:mine"), 302)]
    assert "Welcome to Tipperary, Declan!" in page_text(logged_in)


def test_it_explains_an_expired_link_and_changes_nothing(client: Client, newcomer: User) -> None:
    url = confirm_url(newcomer)
    with time_machine.travel(timezone.now() + timedelta(days=4)):
        page = client.get(url)
        refused = client.post(url)

    text = page_text(page)
    assert "<h1>This link doesn't work</h1>" in text
    assert "has expired (links last three days)" in text
    assert "Log in</a> with your address and password and we'll send" in text
    assert refused.status_code == 404
    assert not EmailAddress.objects.get(user=newcomer).verified


def test_it_explains_a_tampered_link_and_changes_nothing(client: Client, newcomer: User) -> None:
    url = confirm_url(newcomer)
    tampered = url.replace(url.split("/")[-2], url.split("/")[-2][:-3] + "abc")

    page = client.get(tampered)
    refused = client.post(tampered)

    assert "<h1>This link doesn't work</h1>" in page_text(page)
    assert refused.status_code == 404
    assert not EmailAddress.objects.get(user=newcomer).verified


def test_it_will_not_confirm_an_address_another_account_has_confirmed(
    client: Client, newcomer: User, player: User
) -> None:
    # Declan tries to take Aoife's address: her link would be the only way, and it refuses.
    address = EmailAddress.objects.create(user=newcomer, email="aoife@example.com")
    url = reverse("account_confirm_email", args=[EmailConfirmationHMAC(address).key])

    page = client.get(url)

    assert "<h1>This address belongs to another account</h1>" in page_text(page)
    address.refresh_from_db()
    assert not address.verified


def test_it_shows_the_confirmation_page_in_three_queries(
    client: Client, newcomer: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    url = confirm_url(newcomer)
    # 1. SELECT account_emailaddress (the address the signed key names)
    # 2. SELECT 1 FROM account_emailaddress (has another account confirmed it already?)
    # 3. SELECT auth_user (whose address it is)
    with django_assert_num_queries(3):
        response = client.get(url)
    assert response.status_code == 200


def test_it_shows_the_check_your_e_mail_page_without_a_query(
    client: Client, db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # None: the page is words only.
    with django_assert_num_queries(0):
        response = client.get(reverse("account_email_verification_sent"))
    assert response.status_code == 200
