"""The JavaScript's words: one catalog per language, at an address that names it."""

from __future__ import annotations

from django.test import Client
from django.utils import translation

from games.page.chrome_html import head_scripts


def test_it_serves_a_languages_catalog_as_a_script(client: Client) -> None:
    response = client.get("/jsi18n/fr/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    assert "django.gettext" in body
    # French formats, whatever language the browser asked for: the address decides.
    assert '"DECIMAL_SEPARATOR": ","' in body
    assert "max-age=3600" in response["Cache-Control"]


def test_it_knows_no_language_the_site_does_not_speak(client: Client) -> None:
    assert client.get("/jsi18n/xx/").status_code == 404


def test_each_page_loads_the_catalog_of_its_language_before_its_scripts() -> None:
    with translation.override("fr"):
        scripts = head_scripts()
    assert scripts.startswith('<script src="/jsi18n/fr/" defer></script>')
    assert scripts.count("<script") == 6  # the catalog, then refusals, clock, htmx, zoom, app
