"""The header's links drawn in Python (``games.page.chrome_html``) are the very markup
``base.html`` and ``_nav_mine.html`` drew before: in every language, for a visitor and a person
signed in, with no table waiting, one or several, in the page and out of band (the account's
links less the blank line their translators' comment left)."""

from __future__ import annotations

import functools
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import engines
from django.test import Client
from django.utils import translation
from django.utils.functional import SimpleLazyObject

from games.page import chrome_html
from tests.factories import UserFactory
from tests.games.playing import table_of

OLD_NAV_MINE = """{% load i18n %}<a href="{% url 'games:mine' %}" id="nav-mine"{% if oob %} hx-swap-oob="true"{% endif %}>{% translate "Your games" %}{% if tables_waiting %} <span class="badge" id="tables-waiting">{{ tables_waiting }}<span class="visually-hidden"> {# Translators: read out after the number of tables waiting for the person's move. #}
{% blocktranslate trimmed count n=tables_waiting %}waiting for you{% plural %}waiting for you{% endblocktranslate %}</span></span>{% endif %}</a>
"""  # noqa: E501 (a template tag cannot span lines)
OLD_SIGNED_IN = """{% load i18n %}{% if user.is_authenticated %}
          NAV_MINE
          <a href="{% url 'games:lobby' %}">{% translate "Lobby" %}</a>
          <a href="{% url 'games:finished' %}">{% translate "Finished" context "the list of finished games" %}</a>
        {% endif %}"""  # noqa: E501
OLD_ACCOUNT = """{% load i18n %}{% if user.is_authenticated %}
          {# Translators: read out before the person's name, on the link to their settings. #}
          <a class="who" href="{% url 'accounts:settings' %}"><span class="visually-hidden">{% translate "Settings for" %} </span>{{ user.get_username }}</a>
          <form method="post" action="{% url 'account_logout' %}" class="inline">
            {% csrf_token %}
            <button type="submit" class="link-button">{% translate "Log out" %}</button>
          </form>
        {% else %}
          <a href="{% url 'account_login' %}">{% translate "Log in" %}</a>
          <a class="button small" href="{% url 'account_signup' %}">{% translate "Sign up" %}</a>
        {% endif %}"""  # noqa: E501

LANGUAGES = ("en", "de", "fr", "es")


def _old(text: str, **context: object) -> str:
    return engines["django"].from_string(text).render(context)


def _unblank(html: str) -> str:
    return re.sub(r"\n *\n", "\n", html)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_links_are_what_the_templates_drew(language: str) -> None:
    person = UserFactory.create(username="Ann<&>")
    with translation.override(language):
        for waiting in (0, 1, 3):
            for oob in (False, True):
                old = _old(OLD_NAV_MINE, tables_waiting=waiting, oob=oob)
                assert chrome_html.nav_mine(waiting, oob) == old
            nav = _old(OLD_NAV_MINE, tables_waiting=waiting)
            signed_in = OLD_SIGNED_IN.replace("NAV_MINE", nav)
            assert chrome_html.signed_in_links(waiting) == _old(signed_in, user=person)
        for user in (person, AnonymousUser()):
            for token in ("", "a-token-of-this-response"):
                new = chrome_html.account_links(user, token)
                assert _unblank(new) == _unblank(_old(OLD_ACCOUNT, user=user, csrf_token=token))


@pytest.mark.django_db
def test_a_spanish_page_counts_several_tables_waiting(client: Client) -> None:
    # Spanish has three plural forms, told apart by n % 1000000: the count must be a number
    # (the template before took the context processor's lazy count there, and failed).
    people = [UserFactory.create(username=name) for name in ("Ana", "Beto", "Carla")]
    for _ in range(3):
        table_of(*people)
    client.cookies["django_language"] = "es"
    client.force_login(people[0])

    html = client.get("/rules/").content.decode()

    assert '<span class="visually-hidden"> \nte esperan</span>' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_drawn_through_the_tags_with_the_count_worked_out_on_first_use(language: str) -> None:
    # Pages that do not count the tables waiting get the count from the context processor
    # (games.waiting.tables_waiting), worked out only when the header shows it.
    person = UserFactory.create(username="Ann")
    tags = "{% load chrome %}{% signed_in_links %}|{% nav_mine oob=True %}|{% account_links %}"
    old = OLD_SIGNED_IN.replace("NAV_MINE", OLD_NAV_MINE.removeprefix("{% load i18n %}"))
    oob = OLD_NAV_MINE.replace("{% if oob %}", "{% if True %}")
    with translation.override(language):
        for count in (0, 1, 3):
            lazy = SimpleLazyObject(functools.partial(int, count))
            context: dict[str, object] = {"user": person, "csrf_token": "a-token"}
            context["tables_waiting"] = lazy
            new = _old(tags, **context)
            context["tables_waiting"] = count
            was = "|".join(_old(text, **context) for text in (old, oob, OLD_ACCOUNT))
            assert _unblank(new) == _unblank(was)


@pytest.mark.django_db
def test_a_visitor_gets_no_signed_in_links_and_a_bad_request_page_no_account_links(
    client: Client,
) -> None:
    html = client.get("/rules/").content.decode()
    assert 'id="nav-mine"' not in html and ">Log in</a>" in html

    client.force_login(UserFactory.create(username="Ann"))
    assert ">Log out</button>" in client.get("/rules/").content.decode()
    bad = client.get("/rules/", HTTP_HOST="bad host")  # drawn without the request
    assert bad.status_code == 400
    assert "Log out" not in bad.content.decode() and ">Log in</a>" not in bad.content.decode()
