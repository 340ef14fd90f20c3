"""The language switch in every page's footer, and how a page's language is chosen: a person's
saved language, else the switch's cookie, else the browser's Accept-Language, else English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from tests.conftest import make_person

SWITCH = reverse("accounts:language")
COOKIE = settings.LANGUAGE_COOKIE_NAME


def html_lang(response: Any) -> str:
    found = re.search(r'<html lang="([^"]*)"', response.content.decode())
    assert found, "the page has no <html lang>"
    return found.group(1)


def saved_language(person: User) -> str:
    return Profile.objects.get(user=person).language


@pytest.fixture
def person(db: None) -> User:
    return make_person("Aoife")


@pytest.fixture
def person_client(client: Client, person: User) -> Client:
    client.force_login(person)
    return client


def test_it_speaks_english_to_a_browser_that_asks_for_nothing(client: Client, db: None) -> None:
    response = client.get(reverse("rules"))
    assert html_lang(response) == "en"
    assert response["Content-Language"] == "en"


def test_it_speaks_the_language_the_browser_asks_for(client: Client, db: None) -> None:
    response = client.get(reverse("rules"), headers={"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"})
    assert html_lang(response) == "fr"


def test_a_language_we_do_not_offer_falls_back_to_english(client: Client, db: None) -> None:
    response = client.get(reverse("rules"), headers={"accept-language": "ja"})
    assert html_lang(response) == "en"


def test_every_page_offers_the_switch_with_the_current_language_chosen(
    client: Client, db: None
) -> None:
    page = client.get(reverse("home"), headers={"accept-language": "es"}).content.decode()
    assert f'action="{SWITCH}"' in page
    assert '<option value="es" lang="es" selected>Español</option>' in page
    for name in ("English", "Deutsch", "Français"):
        assert f">{name}</option>" in page


def test_the_switch_sets_the_cookie_and_goes_back(client: Client, db: None) -> None:
    response = client.post(SWITCH, {"language": "de", "next": "/rules/"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/"
    assert response.cookies[COOKIE].value == "de"
    assert response.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    # The cookie wins over the browser's own wish.
    page = client.get("/rules/", headers={"accept-language": "fr"})
    assert html_lang(page) == "de"


def test_the_switch_goes_back_to_the_page_it_was_sent_from(client: Client, db: None) -> None:
    response = client.post(
        SWITCH, {"language": "fr"}, headers={"referer": "http://testserver/rules/"}
    )
    assert response["Location"] == "http://testserver/rules/"


@pytest.mark.parametrize("elsewhere", ["https://example.com/", "//example.com/rules/", ""])
def test_the_switch_never_sends_anyone_elsewhere(client: Client, db: None, elsewhere: str) -> None:
    response = client.post(
        SWITCH, {"language": "fr", "next": elsewhere}, headers={"referer": elsewhere}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_the_switch_saves_a_persons_language(person_client: Client, person: User) -> None:
    response = person_client.post(SWITCH, {"language": "es", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "es"
    assert saved_language(person) == "es"


@pytest.mark.parametrize("language", ["xx", "", "en-us", "de<script>"])
def test_a_language_we_do_not_offer_changes_nothing(
    person_client: Client, person: User, language: str
) -> None:
    response = person_client.post(SWITCH, {"language": language, "next": "/"})
    assert response.status_code == 400
    assert "Pick a language from the list. Nothing was changed." in response.content.decode()
    assert COOKIE not in response.cookies
    assert saved_language(person) == ""


def test_the_switch_takes_only_posts(client: Client, db: None) -> None:
    assert client.get(SWITCH, {"language": "de"}).status_code == 405


def test_a_persons_saved_language_wins_over_cookie_and_browser(
    person_client: Client, person: User
) -> None:
    Profile.objects.filter(user=person).update(language="es")
    person_client.cookies[COOKIE] = "fr"
    response = person_client.get(reverse("rules"), headers={"accept-language": "de"})
    assert html_lang(response) == "es"
    assert response["Content-Language"] == "es"


def test_a_person_who_left_it_to_the_browser_gets_the_browsers(
    person_client: Client, person: User
) -> None:
    response = person_client.get(reverse("rules"), headers={"accept-language": "de"})
    assert html_lang(response) == "de"


def test_the_settings_page_saves_the_language(person_client: Client, person: User) -> None:
    settings_page = reverse("accounts:settings")
    assert 'name="language"' in person_client.get(settings_page).content.decode()
    form = {"display_name": "Aoife", "time_zone": "UTC", "language": "fr"}
    response = person_client.post(settings_page, form)
    assert response.status_code == 302
    assert saved_language(person) == "fr"
    assert response.cookies[COOKIE].value == "fr"
    # Back to "my browser's language": the switch's cookie goes too.
    response = person_client.post(settings_page, {**form, "language": ""})
    assert saved_language(person) == ""
    assert response.cookies[COOKIE].value == ""
    page = person_client.get(reverse("rules"), headers={"accept-language": "es"})
    assert html_lang(page) == "es"


def test_the_settings_page_refuses_a_language_we_do_not_offer(
    person_client: Client, person: User
) -> None:
    form = {"display_name": "Aoife", "time_zone": "UTC", "language": "xx"}
    response = person_client.post(reverse("accounts:settings"), form)
    assert response.status_code == 200
    assert saved_language(person) == ""


def test_the_standalone_pages_say_their_language(client: Client, db: None) -> None:
    response = client.get(reverse("push:offline"), headers={"accept-language": "de"})
    assert html_lang(response) == "de"
