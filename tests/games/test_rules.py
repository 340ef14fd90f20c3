"""The rules page, its anchors, and rule citations anywhere on the site as links to it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.templatetags.rules import rule_links
from tests.games.playing import finish_turns


def test_it_is_public_and_has_an_anchor_for_every_section(
    client: Client, django_assert_num_queries: Any, db: None
) -> None:
    with django_assert_num_queries(0):
        html = client.get("/rules/").content.decode()
    ids = set(re.findall(r'id="(R[\d.]+)"', html))
    assert {f"R{n}" for n in range(1, 7)} <= ids
    assert {"R4.2", "R4.2.3", "R5.3", "R6.1", "R6.2.6"} <= ids
    assert '<use href="#ls-distillery"/>' in html  # the landscape art
    cited = set(re.findall(r'class="rule-link" href="/rules/#([\d.R]+)"', html))
    assert {"R3", "R5.3", "R1.3"} <= cited and cited <= ids


@pytest.mark.parametrize(
    ("text", "linked"),
    [
        ("on an empty meadow (R5.3).", ["R5.3"]),
        ("(R4.2.3) then (R5.1, R5.2)", ["R4.2.3", "R5.1", "R5.2"]),
        ("R4.2", ["R4.2"]),
        ("RR5.3, R9.1, HR5, R5.3a, #R5.3", []),
    ],
)
def test_citations_become_links_and_nothing_else_does(
    text: str, linked: list[str], db: None
) -> None:
    html = str(rule_links(text))
    assert re.findall(r'<a class="rule-link" href="/rules/#([\d.R]+)">\1</a>', html) == linked


def test_text_is_escaped_before_it_is_linked(db: None) -> None:
    assert str(rule_links("<b>(R5.3)</b>")).startswith("&lt;b&gt;(<a ")


def test_the_game_page_links_its_citations_and_the_header_and_footer_link_the_rules(
    client: Client, host: User, started: Any
) -> None:
    finish_turns(started, random.Random(2), skip=(1,))
    client.force_login(host)
    html = client.get(f"/games/{started.pk}/").content.decode()
    header, footer = html.split("</header>")[0], html.split('<footer class="site-footer">')[1]
    assert 'href="/rules/"' in header and 'href="/rules/"' in footer
    history = client.get(f"/games/{started.pk}/history/").content.decode()
    assert '<a class="rule-link" href="/rules/#R4.2">R4.2</a>' in history
