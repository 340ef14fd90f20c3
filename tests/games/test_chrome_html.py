"""What every page has round it (head, header links, footer), drawn in Python, is the very
markup ``base.html`` drew before, in every language, with and without a CSRF token (the
footer less the blank line its comment left)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.template import engines
from django.test import Client
from django.utils import translation

from games.page import chrome_html

OLD_HEAD_LINKS = """{% load static i18n %}<meta name="description" content="{% translate "Play Tipperary, the tile-laying board game, with friends at your own pace." %}">
  <link rel="stylesheet" href="{% static 'css/site.css' %}">
  <link rel="icon" href="{% static 'img/favicon.svg' %}" type="image/svg+xml">
  <link rel="manifest" href="{% url 'push:manifest' %}">
  <link rel="apple-touch-icon" href="{% static 'img/app/icon-192.png' %}">
  <meta name="theme-color" content="#1f4d3a">"""  # noqa: E501 (a template tag cannot span lines)
OLD_HEAD_SCRIPTS = """{% load static django_htmx i18n %}{% get_current_language as language %}<script src="{% url 'jsi18n' language %}" defer></script>

  <script src="{% static 'js/refusals.js' %}" defer></script>
  <script src="{% static 'js/timezone.js' %}" defer></script>
  {% htmx_script %}
  <script type="module" src="{% static 'js/zoom.js' %}"></script>
  <script type="module" src="{% static 'js/app.js' %}"></script>"""  # noqa: E501
OLD_SITE_LINKS = """{% load i18n %}<a href="{% url 'challenge:this_week' %}">{% translate "Challenge" %}</a>
        <a href="{% url 'tournaments:list' %}">{% translate "Tournaments" %}</a>
        <a href="{% url 'rules' %}">{% translate "Rules" %}</a>
        <a href="{% url 'ratings:leaderboard' %}">{% translate "Leaderboard" %}</a>"""  # noqa: E501
OLD_FOOTER = """{% load i18n %}{% get_current_language as LANGUAGE_CODE %}<footer class="site-footer">
    <div class="wrap footer-row">
      <p>{% translate "Tipperary, played at your own pace." %} <a href="{% url 'rules' %}">{% translate "The rules" %}</a> · <a href="{% url 'healthz' %}">{% translate "Status" context "whether the site is working" %}</a></p>
      {% comment %}The language switch: a plain form.{% endcomment %}
      <form method="post" action="{% url 'accounts:language' %}" class="language-switch">
        {% csrf_token %}
        <label for="site-language">{% translate "Language" %}</label>
        <select id="site-language" name="language">
          {% for code, name in LANGUAGES %}<option value="{{ code }}" lang="{{ code }}"{% if code == LANGUAGE_CODE %} selected{% endif %}>{{ name }}</option>{% endfor %}
        </select>
        <button type="submit">{% translate "Change" context "a button: switch to the chosen language" %}</button>
      </form>
    </div>
  </footer>"""  # noqa: E501

LANGUAGES = ("en", "de", "fr", "es")


def _old(text: str, token: str = "") -> str:
    # The languages as base.html had them, from the i18n context processor: each in its own.
    context = {"csrf_token": token, "LANGUAGES": settings.LANGUAGES}
    return engines["django"].from_string(text).render(context)


def _unblank(html: str) -> str:
    return re.sub(r"\n *\n", "\n", html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_part_is_what_the_template_drew(language: str) -> None:
    with translation.override(language):
        assert chrome_html.head_links() == _old(OLD_HEAD_LINKS)
        assert chrome_html.head_scripts() == _old(OLD_HEAD_SCRIPTS)
        assert chrome_html.site_links() == _old(OLD_SITE_LINKS)
        for token in ("", "a-token-of-this-response"):
            new = chrome_html.site_footer(token)
            assert _unblank(new) == _unblank(_old(OLD_FOOTER, token))


def test_the_words_are_in_the_page_language_and_the_switch_names_each_in_its_own(
    client: Client,
) -> None:
    client.cookies["django_language"] = "de"
    html = client.get("/rules/").content.decode()

    assert '<html lang="de">' in html and '<script src="/jsi18n/de/" defer></script>' in html
    assert '<option value="de" lang="de" selected>Deutsch</option>' in html
    assert '<option value="fr" lang="fr">Français</option>' in html
    assert 'name="csrfmiddlewaretoken"' in html.split('class="language-switch"')[1]


def test_the_footer_is_in_the_catalogue_not_only_in_the_code() -> None:
    # A word asked for inside an f-string is found by no extraction: it would fall back to
    # English in every language (as the switch's button once did).
    with translation.override("de"):
        footer = chrome_html.site_footer("token")
    assert ">Wechseln</button>" in footer and ">Sprache</label>" in footer
