"""The side-by-side replay: two counties of one week at the end of a round, one slider."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from games.challenge.compare import compare
from games.models import Seat
from games.models.challenge import Challenge
from tests.challenge.weeks import TUESDAY, entry_of

URL = "/challenge/2026-W49/side-by-side/"


@pytest.fixture
def on_tuesday() -> Iterator[None]:
    with time_machine.travel(TUESDAY, tick=False):
        yield


@pytest.fixture
def two_entries(host: User, player: User, on_tuesday: None) -> tuple[Seat, Seat]:
    mine = entry_of(host, 13, chooser=1)
    theirs = entry_of(player, 13, chooser=2)
    return Seat.objects.get(game=mine), Seat.objects.get(game=theirs)


def test_it_shows_each_entrant_taking_a_tile_from_the_same_offer_every_round(
    two_entries: tuple[Seat, Seat],
) -> None:
    mine, theirs = two_entries
    challenge = Challenge.objects.get()
    for round_ in range(1, 13):
        page = compare(challenge, mine, theirs, round_)
        assert all(side.reached for side in page.sides)
        assert {side.took for side in page.sides} <= set(page.offer)
        assert all(side.taken_cells for side in page.sides)


def test_it_draws_both_counties_at_round_6_with_one_slider(
    client: Client, host: User, two_entries: tuple[Seat, Seat]
) -> None:
    mine, theirs = two_entries
    client.force_login(host)
    page = client.get(URL, {"a": mine.pk, "b": theirs.pk, "round": 6}).content.decode()
    assert "Round 6 of 12" in page
    assert page.count('type="range"') == 1
    assert "Aoife</a> (you)" in page and "Brendan</a>" in page
    assert len(re.findall(r"points after round 6", page)) == 2
    assert re.search(r"(Aoife took it|Brendan took it|both took it)", page)
    assert f'href="?a={mine.pk}&amp;b={theirs.pk}&amp;round=7" rel="next"' in page


def test_it_compares_you_with_the_best_other_entry_by_default(
    client: Client, host: User, two_entries: tuple[Seat, Seat]
) -> None:
    client.force_login(host)
    results = client.get("/challenge/2026-W49/").content.decode()
    assert f"b={two_entries[1].pk}" in results
    page = client.get(URL).content.decode()
    assert "Round 1 of 12" in page and "Brendan</a>" in page


def test_it_keeps_the_entries_hidden_until_your_own_is_over(
    client: Client, outsider: User, two_entries: tuple[Seat, Seat]
) -> None:
    entry_of(outsider, 2, chooser=3)
    client.force_login(outsider)
    assert client.get(URL).status_code == 404


def test_it_says_which_rounds_and_entries_there_are(
    client: Client, host: User, two_entries: tuple[Seat, Seat]
) -> None:
    client.force_login(host)
    wrong_round = client.get(URL, {"round": 13})
    assert wrong_round.status_code == 400
    assert "The deal has rounds 1 to 12; there is no round 13." in wrong_round.content.decode()
    assert "no scored entry 999" in client.get(URL, {"b": 999}).content.decode()
    assert "is not a number" in client.get(URL, {"round": "six"}).content.decode()


def test_it_draws_the_page_in_a_fixed_number_of_queries(
    client: Client,
    host: User,
    two_entries: tuple[Seat, Seat],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    client.force_login(host)
    # session, user, the week, count of entries, the viewer's entry, the scored seats with
    # names and games, each entry's log (2), tables waiting (header)
    with django_assert_num_queries(9):
        client.get(URL, {"round": 6})
    with django_assert_num_queries(9):
        client.get(URL, {"round": 12})
