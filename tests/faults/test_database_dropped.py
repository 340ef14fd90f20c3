"""PostgreSQL drops the connection of a request in the middle of a move (pg_terminate_backend):
the move is not half-applied, the page answers, and sending it again applies it once."""

from __future__ import annotations

import random
import threading

import psycopg
import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from games.engine_bridge import load_state
from games.models import Action, Game
from tests.deadlines.conftest import two_player_table
from tests.faults.conftest import until
from tests.fixtures.worker import database_url
from tests.games.playing import any_legal_action, finish_turns, step_of

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


def _waiting_pid(observer: psycopg.Connection) -> int | None:
    row = observer.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
        " AND wait_event_type = 'Lock' AND query LIKE '%%FROM \"games_game\"%%FOR UPDATE%%'"
    ).fetchone()
    return None if row is None else int(row[0])


def test_a_move_whose_connection_drops_is_not_applied_and_goes_through_when_sent_again(
    host: User, player: User
) -> None:
    game = finish_turns(two_player_table(host, player), random.Random(2), skip=(1,))
    notation = any_legal_action(load_state(game), 1, random.Random(2))
    data = {"notation": notation, "step": step_of(game, player)}
    logged = Action.objects.filter(game=game).count()
    answers: list[int] = []

    def post_in_its_own_request() -> None:
        web = Client(raise_request_exception=False)
        web.force_login(player)
        answers.append(web.post(f"/games/{game.pk}/play/", data).status_code)
        connection.close()  # this thread's connection, dropped by the server

    url = database_url().replace("postgres://", "postgresql://")
    with psycopg.connect(url) as lock, psycopg.connect(url, autocommit=True) as observer:
        lock.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
        request = threading.Thread(target=post_in_its_own_request)
        request.start()
        until(lambda: _waiting_pid(observer) is not None, "the move waiting for the table")
        observer.execute("SELECT pg_terminate_backend(%s)", [_waiting_pid(observer)])
        lock.rollback()
        request.join(timeout=30)

    assert answers == [500]
    assert Action.objects.filter(game=game).count() == logged, "nothing half-applied"
    assert not Action.objects.filter(game=game, seat=1).exists()

    again = Client()
    again.force_login(player)
    response = again.post(f"/games/{game.pk}/play/", data)
    assert response.status_code == 302
    assert list(Action.objects.filter(game=game, seat=1).values_list("notation", flat=True)) == [
        notation
    ], "applied once"
    assert Game.objects.get(pk=game.pk).round == 2, "the round ended and the game went on"
