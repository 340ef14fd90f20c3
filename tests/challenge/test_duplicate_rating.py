"""The duplicate rating: the mean percentile over the last scored weeks, on its own tab and on
the player page, apart from table ratings."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import time_machine
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st
from pytest_django import DjangoAssertNumQueries

from games.challenge import entries
from games.challenge.results import Percentiles
from games.challenge.standing import standings
from tests.challenge.weeks import NEXT_MONDAY, SEED, TUESDAY, play_rounds


def _week(people: list[User], rounds: list[int], tuesday: datetime) -> None:
    challenge = entries.open_week(tuesday, seed=SEED)
    for index, (person, played) in enumerate(zip(people, rounds, strict=True)):
        game = entries.enter(challenge.pk, person, tuesday)
        play_rounds(game, played, random.Random(index), on=tuesday)


def test_it_ranks_people_by_their_mean_percentile_over_scored_weeks(
    host: User, player: User, outsider: User
) -> None:
    _week([host, player, outsider], [13, 13, 1], TUESDAY)
    assert standings(host) == []  # no week has been scored yet
    _week([host, player], [13, 1], TUESDAY + timedelta(days=7))
    entries.open_week(NEXT_MONDAY + timedelta(days=7), seed=SEED)
    ranked = standings(host)
    by_name = {s.profile.display_name: s for s in ranked}
    assert by_name["Aoife"].weeks == 2 and by_name["Brendan"].weeks == 2
    assert by_name["Ciara"].weeks == 1 and by_name["Ciara"].mean == 0
    assert by_name["Aoife"].me and not by_name["Brendan"].me
    assert [s.mean for s in ranked] == sorted((s.mean for s in ranked), reverse=True)


def test_it_has_its_own_leaderboard_tab_and_a_line_on_the_player_page(
    client: Client,
    host: User,
    player: User,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    _week([host, player], [13, 1], TUESDAY)
    entries.open_week(NEXT_MONDAY, seed=SEED)
    # the scored entries of the last weeks (a visitor: no session, no tables waiting)
    with django_assert_num_queries(1):
        board = client.get("/leaderboard/", {"tab": "challenge"}).content.decode()
    assert board.index("Aoife") < board.index("Brendan")
    assert '<td class="num">100</td><td class="num">1</td>' in board
    player_page = client.get("/players/Aoife/").content.decode()
    assert "Weekly challenge" in player_page
    assert "mean percentile · 1 week · rank 1" in player_page


def test_it_keeps_entries_out_of_a_players_table_results(client: Client, host: User) -> None:
    _week([host], [13], TUESDAY)
    with time_machine.travel(TUESDAY, tick=False):
        page = client.get("/players/Aoife/").content.decode()
    assert "<dt>Games played</dt><dd>0</dd>" in page
    assert "<dt>Won</dt><dd>0</dd>" in page


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 150), min_size=1, max_size=60))
def test_a_weeks_percentiles_at_once_equal_the_plain_count(totals: list[int]) -> None:
    """Each entry's percentile is the share of the other entries it beats, 100 when alone."""
    week = Percentiles(totals)
    for total in totals:
        others = len(totals) - 1
        beaten = sum(1 for t in totals if t < total)
        assert week.of(total) == (round(100 * beaten / others) if others else 100)
