"""``/challenge/``: the week's line, Play and Continue, results hidden until you finish."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from games.challenge import entries
from games.models import Game
from tests.challenge.weeks import NEXT_MONDAY, SEED, TUESDAY, entry_of, play_rounds
from tests.conftest import make_person

URL = "/challenge/"


@pytest.fixture
def on_tuesday() -> Iterator[None]:
    with time_machine.travel(TUESDAY, tick=False):
        yield


def test_it_says_when_the_deal_is_not_out_yet(client: Client, db: None, on_tuesday: None) -> None:
    page = client.get(URL).content.decode()
    assert "This week's deal is not out yet" in page


def test_it_shows_the_week_its_players_and_its_end_in_your_zone(
    client: Client, host: User, on_tuesday: None
) -> None:
    entries.open_week(TUESDAY, seed=SEED)
    entry_of(host, 0, chooser=1)
    client.force_login(make_person("Deirdre", time_zone="America/New_York"))
    page = client.get(URL).content.decode()
    assert "Week 49 · 1 player · ends Sunday 18:59" in page
    assert "(New York (UTC−5))" in page  # the offset of the week in play, in December
    assert "Play this week's deal" in page


def test_it_starts_an_entry_then_continues_the_same_one(
    client: Client, host: User, on_tuesday: None
) -> None:
    challenge = entries.open_week(TUESDAY, seed=SEED)
    client.force_login(host)
    first = client.post(f"{URL}2026-W49/play/")
    game = Game.objects.get(challenge=challenge, host=host)
    assert first.headers["Location"] == f"/games/{game.pk}/"
    assert "Continue your entry (round 1)" in client.get(URL).content.decode()
    client.post(f"{URL}2026-W49/play/")
    assert Game.objects.filter(challenge=challenge).count() == 1


def test_it_hides_the_scores_until_you_finish_then_shows_rank_and_percentile(
    client: Client, host: User, player: User, outsider: User, on_tuesday: None
) -> None:
    entry_of(player, 13, chooser=2)
    entry_of(outsider, 13, chooser=3)
    mine = entry_of(host, 2, chooser=1)
    client.force_login(host)
    page = client.get(URL).content.decode()
    assert "The scores stay hidden until you finish" in page
    assert "Brendan" not in page
    play_rounds(mine, 13, random.Random(1))
    page = client.get(URL).content.decode()
    assert "Brendan" in page and "Ciara" in page
    assert "You finished with" in page
    assert "of 3 so far</strong>, better than" in page


def test_it_refuses_a_new_entry_in_a_week_that_is_over(client: Client, host: User) -> None:
    challenge = entries.open_week(TUESDAY, seed=SEED)
    client.force_login(host)
    with time_machine.travel(NEXT_MONDAY, tick=False):
        response = client.post(f"{URL}2026-W49/play/", follow=True)
    assert "Week 49&#x27;s challenge is over" in response.content.decode()
    assert not Game.objects.filter(challenge=challenge).exists()


def test_it_lets_anyone_browse_a_past_week_with_its_unfinished_entries(
    client: Client, host: User, player: User
) -> None:
    entry_of(host, 13, chooser=1)
    entry_of(player, 3, chooser=2)
    entries.open_week(NEXT_MONDAY, seed=SEED)
    with time_machine.travel(NEXT_MONDAY, tick=False):
        page = client.get(f"{URL}2026-W49/").content.decode()
        this_week = client.get(URL).content.decode()
    assert "Week 49 · 2 players · ended Sunday 23:59" in page
    assert "finished</td>" in page and "unfinished</td>" in page
    assert 'href="/challenge/2026-W49/"' in this_week
    assert client.get(f"{URL}2026-W01/").status_code == 404


def test_it_sends_a_visitor_who_wants_to_play_to_log_in(
    client: Client, db: None, on_tuesday: None
) -> None:
    entries.open_week(TUESDAY, seed=SEED)
    assert "Log in to play" in client.get(URL).content.decode()
    assert client.post(f"{URL}2026-W49/play/").headers["Location"].startswith("/accounts/login/")


def test_it_draws_the_page_in_a_fixed_number_of_queries(
    client: Client,
    host: User,
    player: User,
    outsider: User,
    django_assert_num_queries: DjangoAssertNumQueries,
    on_tuesday: None,
) -> None:
    entry_of(player, 13, chooser=2)
    entry_of(host, 13, chooser=1)
    client.force_login(host)
    # session, user (with their zone), this week, count of entries, the viewer's entry,
    # the scored seats with names and games, the list of weeks, tables waiting (header)
    with django_assert_num_queries(8):
        client.get(URL)
    entry_of(outsider, 13, chooser=3)
    with django_assert_num_queries(8):
        client.get(URL)


def test_it_plays_an_entry_on_the_game_page_alone_with_a_way_back_to_the_week(
    client: Client, host: User, on_tuesday: None
) -> None:
    game = entry_of(host, 0, chooser=1)
    client.force_login(host)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "<h1>Weekly challenge</h1>" in page
    assert "Your turn: pick a tile" in page
    assert 'href="/challenge/2026-W49/">The week' in page
    assert "Table talk" not in page
