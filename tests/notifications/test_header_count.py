"""The count of tables waiting for you (to play, or to answer an invitation): in the header and
the title of every page, one query."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.engine_bridge import load_state
from games.models import Game
from tests.conftest import make_person
from tests.games.playing import any_legal_action, finish_turns, step_of
from tests.notifications.conftest import play_to_the_end, start_table

DjangoAssertNumQueries = pytest.FixtureRequest


def test_it_counts_the_tables_waiting_for_you_in_one_query(
    client: Client, host: User, player: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    start_table(host, player)
    start_table(host, make_person("Ciara"))
    client.force_login(host)
    # 1. SELECT django_session; 2. SELECT auth_user;
    # 3. SELECT COUNT(*) FROM (seats to play at games in play UNION ALL invitations to forming
    #    games without a seat): the count
    with django_assert_num_queries(3):  # type: ignore[operator]
        response = client.get("/")
    html = response.content.decode()
    assert "<title>(2) Tipperary</title>" in html
    assert 'id="tables-waiting">2<' in html


def test_it_counts_invitations_to_answer_in_the_same_query(
    client: Client, host: User, player: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    start_table(host, player)  # Brendan's turn is waiting
    invited = services.create_game(
        host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True
    )
    services.invite_player(invited.pk, host, "Brendan")
    answered = services.create_game(
        host, seats_wanted=3, round_minutes=1440, is_open=True, rated=True
    )
    services.invite_player(answered.pk, host, "Brendan")
    services.join_game(answered.pk, player)  # a seat answers the invitation
    gone = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    services.invite_player(gone.pk, host, "Brendan")
    services.leave_game(gone.pk, host)  # the table closed: nothing left to answer
    client.force_login(player)
    # 1. SELECT django_session; 2. SELECT auth_user; 3. the count (one UNION ALL)
    with django_assert_num_queries(3):  # type: ignore[operator]
        html = client.get("/").content.decode()
    assert "<title>(2) Tipperary</title>" in html


def test_visitors_cost_no_query_and_see_no_count(
    db: None, client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(0):  # type: ignore[operator]
        response = client.get("/")
    assert "<title>Tipperary</title>" in response.content.decode()


def test_every_page_counts_the_same_way(
    client: Client, host: User, player: User, started: Game
) -> None:
    other = start_table(host, make_person("Ciara"))
    client.force_login(host)
    for page in (f"/games/{started.pk}/", "/games/mine/", "/games/", "/settings/"):
        assert "<title>(2) " in client.get(page).content.decode(), page
    finish_turns(started, random.Random(1), skip=(1,))  # Aoife has played at the first table
    assert (
        f"<title>(1) {started} · Tipperary</title>"
        in client.get(f"/games/{started.pk}/").content.decode()
    )
    assert "<title>(1) Your games" in client.get("/games/mine/").content.decode()
    client.force_login(player)
    assert "<title>(1) " in client.get(f"/games/{other.pk}/").content.decode()


def test_finished_games_and_tables_waiting_on_others_do_not_count(
    client: Client, host: User, player: User, started: Game
) -> None:
    play_to_the_end(started)
    client.force_login(host)
    html = client.get("/").content.decode()
    assert "<title>Tipperary</title>" in html and "tables-waiting" not in html


def test_playing_a_turn_in_place_updates_the_count_in_the_title(
    client: Client, host: User, player: User, started: Game
) -> None:
    start_table(host, make_person("Ciara"))
    client.force_login(host)
    started.refresh_from_db()
    notation = any_legal_action(load_state(started), 0, random.Random(1))
    data = {"notation": notation, "step": step_of(started, host)}
    htmx = {"HX-Request": "true", "HX-Target": "game"}
    response = client.post(f"/games/{started.pk}/play/", data, headers=htmx)
    # htmx takes a <title> at the top of a fragment as the page's new title.
    assert f"<title>(1) {started} · Tipperary</title>" in response.content.decode()
