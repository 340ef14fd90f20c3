"""The rules page in every language: the same sections, anchors and citations as in English, and
every citation a link to a section that is on the page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

LANGUAGES = ("en", "de", "fr", "es")


def rules_page(client: Client, language: str) -> str:
    response = client.get("/rules/", headers={"accept-language": language})
    assert response.status_code == 200
    return response.content.decode()


def ids(html: str) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', html))


def anchors(html: str) -> set[str]:
    return set(re.findall(r'href="#(R[^"]*)"', html))


def citations(html: str) -> list[str]:
    return sorted(re.findall(r'<a class="rule-link" href="/rules/#([^"]+)">\1</a>', html))


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_is_in_the_language_asked_for_and_every_citation_links_to_a_section_on_it(
    client: Client, language: str, db: None
) -> None:
    html = rules_page(client, language)
    with translation.override(language):
        heading = translation.gettext("The rules of Tipperary")
    assert f"<h1>{heading}</h1>" in html
    assert (heading == "The rules of Tipperary") == (language == "en")
    assert {f"R{n}" for n in range(1, 7)} <= ids(html)
    assert citations(html) and set(citations(html)) <= ids(html)
    assert anchors(html) <= ids(html)


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_it_has_the_same_ids_anchors_and_citations_as_in_english(
    client: Client, language: str, db: None
) -> None:
    english, translated = rules_page(client, "en"), rules_page(client, language)
    assert ids(translated) == ids(english)
    assert anchors(translated) == anchors(english)
    assert citations(translated) == citations(english)
