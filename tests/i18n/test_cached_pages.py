"""Pages kept in the cache are kept per language: one drawn in English is never served to a
viewer who reads German."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.conftest import make_person
from tests.games.playing import table_of

GERMAN = {"accept-language": "de"}


def html_lang(page: bytes) -> str:
    found = re.search(r'<html lang="([^"]*)"', page.decode())
    assert found
    return found.group(1)


def test_a_cached_leaderboard_is_drawn_again_for_a_german_viewer(client: Client, db: None) -> None:
    cache.clear()
    leaderboard = reverse("ratings:leaderboard")
    assert html_lang(client.get(leaderboard).content) == "en"
    assert html_lang(client.get(leaderboard, headers=GERMAN).content) == "de"
    assert html_lang(client.get(leaderboard).content) == "en"


def test_a_cached_game_page_is_drawn_again_in_the_players_new_language(
    client: Client, db: None
) -> None:
    cache.clear()
    aoife: User = make_person("Aoife")
    game = table_of(aoife, make_person("Brendan"))
    client.force_login(aoife)
    page = reverse("games:game", args=[game.pk])
    assert html_lang(client.get(page).content) == "en"
    client.post(reverse("accounts:language"), {"language": "de", "next": page})
    assert html_lang(client.get(page).content) == "de"
