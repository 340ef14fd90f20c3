"""Resetting a forgotten password by a link sent over SMTP; bad links and weak passwords refused."""

from __future__ import annotations

from datetime import timedelta

import time_machine
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from tests.accounts.conftest import NEW_PASSWORD, delivered, link_in, page_text, path_of, sent_mail
from tests.factories import PASSWORD
from tests.fixtures.smtp import Sink

RESET = reverse("account_reset_password")
LOGIN = reverse("account_login")


def reset_link(client: Client, email: str = "aoife@example.com") -> str:
    client.post(RESET, {"email": email})
    [message] = sent_mail()
    return path_of(link_in(str(message.body)))


def test_it_resets_a_password_by_a_link_sent_over_smtp(
    client: Client, player: User, smtp_sink: Sink
) -> None:
    asked = client.post(RESET, {"email": "aoife@example.com"}, follow=True)
    assert "If that address has an account here, we've sent it a link" in page_text(asked)

    [message] = delivered(smtp_sink, 1)
    assert message["To"] == "aoife@example.com"
    assert message["Subject"] == "[Tipperary] Choose a new password"
    link = link_in(smtp_sink.text_of(message))
    assert link.startswith(settings.SITE_URL + "/accounts/password/reset/key/")

    form = client.get(path_of(link), follow=True)
    assert "<h1>Choose a new password</h1>" in page_text(form)
    done = client.post(
        form.redirect_chain[-1][0],
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )
    assert "<h1>Your password is changed</h1>" in page_text(done)

    # A notice of the change follows, also over SMTP.
    notice = delivered(smtp_sink, 2)[1]
    assert notice["Subject"] == "[Tipperary] Your password was reset"

    client.post(LOGIN, {"login": "aoife@example.com", "password": NEW_PASSWORD})
    assert client.session["_auth_user_id"] == str(player.pk)


def test_it_answers_an_unknown_address_the_same_way_and_mails_it_the_truth(
    client: Client, db: None
) -> None:
    response = client.post(RESET, {"email": "nobody@example.com"})
    assert response["Location"] == reverse("account_reset_password_done")
    [message] = sent_mail()
    assert message.subject == "[Tipperary] No account with this address"
    assert f"{settings.SITE_URL}/accounts/signup/" in message.body


def test_it_refuses_a_tampered_link_and_keeps_the_password(client: Client, player: User) -> None:
    link = reset_link(client)
    tampered = link[:-4] + "zz9/"

    response = client.get(tampered, follow=True)

    text = page_text(response)
    assert "<h1>This link doesn't work</h1>" in text
    assert "Your password has not been changed." in text
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


def test_it_refuses_an_expired_link_and_keeps_the_password(client: Client, player: User) -> None:
    link = reset_link(client)

    with time_machine.travel(timezone.now() + timedelta(days=4)):
        response = client.get(link, follow=True)

    assert "<h1>This link doesn't work</h1>" in page_text(response)
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


def test_it_works_only_once(client: Client, player: User) -> None:
    link = reset_link(client)
    form = client.get(link, follow=True)
    client.post(form.redirect_chain[-1][0], {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    again = client.get(link, follow=True)

    assert "<h1>This link doesn't work</h1>" in page_text(again)


def test_it_refuses_a_weak_new_password(client: Client, player: User) -> None:
    form = client.get(reset_link(client), follow=True)

    response = client.post(
        form.redirect_chain[-1][0], {"password1": "12345678", "password2": "12345678"}
    )

    text = page_text(response)
    assert "This password is entirely numeric." in text
    assert "This password is too common." in text
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


def test_it_limits_reset_requests_for_one_address_with_a_clear_page(
    client: Client, player: User
) -> None:
    for _ in range(5):
        client.post(RESET, {"email": "aoife@example.com"})

    response = client.post(RESET, {"email": "aoife@example.com"})

    assert response.status_code == 429
    assert "Please wait a minute, then try again." in page_text(response)
    assert len(sent_mail()) == 5


def test_it_refuses_a_malformed_address(client: Client, db: None) -> None:
    response = client.post(RESET, {"email": "aoife"})
    assert "Enter a valid email address." in page_text(response)
    assert sent_mail() == []


def test_it_shows_the_reset_pages_without_a_query(
    client: Client, db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # None: asking for a link, and being told to check the inbox, read nothing.
    with django_assert_num_queries(0):
        assert client.get(RESET).status_code == 200
        assert client.get(reverse("account_reset_password_done")).status_code == 200


def test_it_shows_the_new_password_form_in_four_queries(
    client: Client, player: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    link = reset_link(client)
    landed = client.get(link)  # allauth moves the key from the link into the session
    # 1. SELECT django_session (the key); 2. SELECT auth_user (the person the link names)
    # 3. SELECT 1 FROM account_emailaddress and 4. SELECT account_emailaddress.email (the
    #    token covers the person's addresses, so a changed address voids old links)
    with django_assert_num_queries(4):
        response = client.get(landed["Location"])
    assert response.status_code == 200
