"""Signing up: a display name, an address confirmed by a link sent over SMTP, then log-in."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries
from pytest_django.fixtures import Settings as SettingsWrapper

from accounts.models import Profile
from tests.accounts.conftest import NEW_PASSWORD, delivered, link_in, page_text, path_of, sent_mail
from tests.fixtures.smtp import Sink

SIGNUP = reverse("account_signup")


def form(**changes: str) -> dict[str, str]:
    data = {
        "display_name": "Ciara",
        "email": "ciara@example.com",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
        "time_zone": "America/New_York",
    }
    data.update(changes)
    return data


@pytest.mark.django_db
def test_it_signs_up_and_the_link_sent_over_smtp_logs_the_newcomer_in_to_their_games(
    client: Client, smtp_sink: Sink
) -> None:
    response = client.post(SIGNUP, form())
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session

    [message] = delivered(smtp_sink, 1)
    assert message["To"] == "ciara@example.com"
    assert message["Subject"] == "[Tipperary] Confirm your e-mail address to start playing"
    assert "Tipperary" in message["From"]
    text = smtp_sink.text_of(message)
    assert "Welcome to Tipperary, Ciara!" in text
    link = link_in(text)
    assert link.startswith(settings.SITE_URL + "/accounts/confirm-email/")

    confirm_page = client.get(path_of(link))
    assert "Confirm ciara@example.com" in page_text(confirm_page)
    confirmed = client.post(path_of(link), follow=True)

    # Same browser as the sign-up: no second trip through the log-in page.
    user = User.objects.get(email="ciara@example.com")
    assert EmailAddress.objects.get(user=user).verified
    assert client.session["_auth_user_id"] == str(user.pk)
    assert confirmed.redirect_chain == [(reverse("games:mine"), 302)]
    text = page_text(confirmed)
    assert "<h1>Your games</h1>" in text
    assert "Thanks: ciara@example.com is confirmed." in text
    assert (
        "Welcome to Tipperary, Ciara! To play, join a table in the lobby or open one of your own."
    ) in text
    assert "Welcome back" not in text


@pytest.mark.django_db
def test_it_creates_the_profile_with_the_account(client: Client) -> None:
    client.post(SIGNUP, form())

    profile = Profile.objects.select_related("user").get(user__email="ciara@example.com")
    assert profile.display_name == "Ciara"
    assert profile.time_zone == "America/New_York"
    assert profile.email_mode == "each"
    # The username mirrors the display name: nothing ever shows a piece of the address.
    assert profile.user.username == "Ciara"
    assert str(profile) == "Ciara"


@pytest.mark.django_db
def test_it_offers_the_time_zones_with_utc_until_the_browser_says_otherwise(
    client: Client,
) -> None:
    response = client.get(SIGNUP)
    text = page_text(response)
    assert '<select name="time_zone"' in text
    assert 'data-browser-zone="prefill"' in text
    assert '<option value="UTC" selected>' in text
    assert '<optgroup label="Europe">' in text
    assert '<option value="Europe/Dublin">Dublin</option>' in text
    assert "js/timezone.js" in text


def test_it_shows_the_sign_up_page_without_a_query(
    client: Client, db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # None: a first-time visitor has no session to read, and the page needs no rows.
    with django_assert_num_queries(0):
        response = client.get(SIGNUP)
    assert response.status_code == 200


# Bad input: a clear message next to the field, and nothing created -----------------------------


def assert_nothing_created(response: object) -> None:
    assert getattr(response, "status_code", None) == 200
    assert not User.objects.filter(email="ciara@example.com").exists()
    assert Profile.objects.count() == Profile.objects.exclude(display_name="Ciara").count()
    assert sent_mail() == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ab", "A display name has 3 to 20 characters; this one has 2."),
        ("a" * 21, "A display name has 3 to 20 characters; this one has 21."),
        ("Ciara Rua", "Use only letters a–z, digits, “_” and “-” (no spaces or accents)."),
        ("Seán", "Use only letters a–z, digits, “_” and “-” (no spaces or accents)."),
        ("ciara@example", "Use only letters a–z, digits, “_” and “-” (no spaces or accents)."),
        ("Autopilot", "“Autopilot” is kept for the site itself. Please choose another name."),
        ("", "This field is required."),
    ],
)
def test_it_refuses_a_malformed_display_name(client: Client, name: str, message: str) -> None:
    response = client.post(SIGNUP, form(display_name=name))
    assert_nothing_created(response)
    text = page_text(response)
    assert f'<ul class="errorlist" id="id_display_name_error"><li>{message}</li></ul>' in text
    assert 'aria-invalid="true"' in text


@pytest.mark.django_db
def test_it_refuses_a_display_name_taken_in_any_letter_case(client: Client, player: User) -> None:
    response = client.post(SIGNUP, form(display_name="AOIFE"))
    assert_nothing_created(response)
    assert "“AOIFE” is already taken. Please choose another name." in page_text(response)


@pytest.mark.django_db
def test_it_refuses_a_weak_password(client: Client) -> None:
    response = client.post(SIGNUP, form(password1="letmein", password2="letmein"))
    assert_nothing_created(response)
    text = page_text(response)
    assert "This password is too common." in text
    assert "This password is too short. It must contain at least 8 characters." in text


@pytest.mark.django_db
def test_it_refuses_a_password_like_the_address(client: Client) -> None:
    response = client.post(SIGNUP, form(password1="ciara@example", password2="ciara@example"))
    assert_nothing_created(response)
    assert "The password is too similar to the email address." in page_text(response)


@pytest.mark.django_db
def test_it_refuses_passwords_that_differ(client: Client) -> None:
    response = client.post(SIGNUP, form(password2=NEW_PASSWORD + "!"))
    assert_nothing_created(response)
    assert "You must type the same password each time." in page_text(response)


@pytest.mark.django_db
def test_it_refuses_an_unknown_time_zone(client: Client) -> None:
    response = client.post(SIGNUP, form(time_zone="Mars/Olympus_Mons"))
    assert_nothing_created(response)
    assert "“Mars/Olympus_Mons” is not a time zone we know. Pick one from the list." in page_text(
        response
    )


@pytest.mark.django_db
def test_it_refuses_a_malformed_address(client: Client) -> None:
    response = client.post(SIGNUP, form(email="ciara.example.com"))
    assert_nothing_created(response)
    assert "Enter a valid email address." in page_text(response)


# 258 characters: each part within its own limit (64 before the @, labels of 60), the whole too
# long to mail.
TOO_LONG = "c" * 64 + "@" + ".".join(["d" * 60] * 3) + ".example.ie"


@pytest.mark.django_db
def test_it_refuses_an_address_longer_than_mail_allows(client: Client) -> None:
    assert len(TOO_LONG) == 258
    response = client.post(SIGNUP, form(email=TOO_LONG))
    assert_nothing_created(response)
    assert "An e-mail address has at most 254 characters; check this one." in page_text(response)
    assert 'maxlength="254"' in page_text(response)


@pytest.mark.django_db
def test_it_lists_every_problem_above_the_form_with_links_to_the_fields(client: Client) -> None:
    response = client.post(SIGNUP, form(display_name="x", time_zone="Nowhere"))
    text = page_text(response)
    assert 'role="alert"' in text
    assert '<a href="#id_display_name">Display name: A display name has 3' in text
    assert '<a href="#id_time_zone">Time zone: “Nowhere” is not a time zone we know.' in text


@pytest.mark.django_db
def test_it_tells_the_owner_by_e_mail_when_an_address_already_has_an_account(
    client: Client, player: User
) -> None:
    # The page looks exactly like a new sign-up's, so nobody learns who plays here; the mail
    # to the address explains, and nothing is created.
    response = client.post(SIGNUP, form(email="AOIFE@example.com"))

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert User.objects.filter(email__iexact="aoife@example.com").count() == 1
    assert not Profile.objects.filter(display_name="Ciara").exists()
    [message] = sent_mail()
    assert message.to == ["aoife@example.com"]
    assert message.subject == "[Tipperary] You already have an account"
    assert "it already has a Tipperary account. Nothing was changed." in message.body
    assert f"{settings.SITE_URL}/accounts/password/reset/" in message.body


@pytest.mark.django_db
def test_it_answers_too_many_sign_ups_from_one_place_with_a_clear_page(
    client: Client, settings: SettingsWrapper, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "1/m/ip"}
    client.post(SIGNUP, form(display_name="Ciara", email="ciara@example.com"))

    # 1. SELECT django_session (the first sign-up left one); the count itself is in the cache
    with django_assert_num_queries(1):
        response = client.post(SIGNUP, form(display_name="Ciaran", email="ciaran@example.com"))

    assert response.status_code == 429
    assert "Please wait a minute, then try again." in page_text(response)
    assert not User.objects.filter(email="ciaran@example.com").exists()


@pytest.mark.django_db
def test_it_explains_on_the_page_what_the_e_mail_holds(client: Client) -> None:
    response = client.post(SIGNUP, form(), follow=True)
    text = page_text(response)
    assert "<h1>Check your e-mail</h1>" in text
    assert "If that address already has an account here, the e-mail says so" in text


@pytest.mark.django_db
@pytest.mark.parametrize(("browser", "kept"), [("fr", "fr"), ("de-DE,de;q=0.9", "de"), ("en", "")])
def test_a_newcomer_keeps_the_language_they_signed_up_in(
    client: Client, browser: str, kept: str
) -> None:
    # Kept on the profile, so the mail of their tables speaks it from the first one; English,
    # the site's own, is left to follow the browser.
    client.post(SIGNUP, form(), HTTP_ACCEPT_LANGUAGE=browser)
    assert Profile.objects.get(display_name="Ciara").language == kept
