"""Changing the e-mail address: the new one must be confirmed before it replaces the old."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.accounts.conftest import delivered, link_in, page_text, path_of, sent_mail
from tests.accounts.test_signup import TOO_LONG
from tests.factories import PASSWORD
from tests.fixtures.smtp import Sink

EMAIL = reverse("account_email")
LOGIN = reverse("account_login")


def addresses(user: User) -> list[tuple[str, bool, bool]]:
    return sorted(
        EmailAddress.objects.filter(user=user).values_list("email", "verified", "primary")
    )


def test_it_changes_the_address_only_once_the_new_one_is_confirmed_over_smtp(
    player_client: Client, player: User, smtp_sink: Sink
) -> None:
    response = player_client.post(
        EMAIL, {"action_add": "", "email": "aoife@new.example"}, follow=True
    )

    text = page_text(response)
    assert "We've sent a confirmation link to aoife@new.example." in text
    assert "waiting for confirmation" in text
    # Until then the old address is the one that logs in and receives mail.
    assert addresses(player) == [
        ("aoife@example.com", True, True),
        ("aoife@new.example", False, False),
    ]
    [message] = delivered(smtp_sink, 1)
    assert message["To"] == "aoife@new.example"
    assert message["Subject"] == "[Tipperary] Confirm your new e-mail address"

    player_client.post(path_of(link_in(smtp_sink.text_of(message))))

    assert addresses(player) == [("aoife@new.example", True, True)]
    player.refresh_from_db()
    assert player.email == "aoife@new.example"
    player_client.logout()
    player_client.post(LOGIN, {"login": "aoife@new.example", "password": PASSWORD})
    assert player_client.session["_auth_user_id"] == str(player.pk)


def test_it_cancels_a_pending_change(player_client: Client, player: User) -> None:
    player_client.post(EMAIL, {"action_add": "", "email": "aoife@new.example"})
    player_client.post(EMAIL, {"action_remove": "", "email": "aoife@new.example"})
    assert addresses(player) == [("aoife@example.com", True, True)]


def test_it_refuses_a_malformed_address(player_client: Client, player: User) -> None:
    response = player_client.post(EMAIL, {"action_add": "", "email": "aoife at home"})
    assert "Enter a valid email address." in page_text(response)
    assert addresses(player) == [("aoife@example.com", True, True)]
    assert sent_mail() == []


def test_it_refuses_an_address_longer_than_mail_allows(player_client: Client, player: User) -> None:
    response = player_client.post(EMAIL, {"action_add": "", "email": TOO_LONG})
    assert "at most 254 characters" in page_text(response)
    assert addresses(player) == [("aoife@example.com", True, True)]


def test_it_refuses_the_current_address(player_client: Client, player: User) -> None:
    response = player_client.post(EMAIL, {"action_add": "", "email": "aoife@example.com"})
    assert "This email address is already associated with this account." in page_text(response)
    assert addresses(player) == [("aoife@example.com", True, True)]


def test_it_never_hands_over_another_players_address(
    player_client: Client, player: User, other_player: User
) -> None:
    # Asking for Brendan's address sends the link to Brendan, and the link will not confirm it.
    player_client.post(EMAIL, {"action_add": "", "email": "brendan@example.com"})
    [message] = sent_mail()
    assert message.to == ["brendan@example.com"]

    page = player_client.get(path_of(link_in(str(message.body))))

    assert "This address belongs to another account" in page_text(page)
    assert ("brendan@example.com", True, True) in addresses(other_player)
    assert ("aoife@example.com", True, True) in addresses(player)


def test_it_shows_the_address_page_in_seven_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user
    # 3. SELECT 1 FROM account_emailaddress (allauth: is user.email on file as an address?)
    # 4. SELECT account_emailaddress (all of the player's addresses)
    # 5. SELECT account_emailaddress (a pending, unconfirmed new address)
    # 6. SELECT account_emailaddress (the current, confirmed address)
    # 7. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(7):
        response = player_client.get(EMAIL)
    text = page_text(response)
    assert "<dt>Current address</dt><dd>aoife@example.com</dd>" in text
