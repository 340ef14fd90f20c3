"""A worker is killed (SIGKILL) in the middle of ending a round, after it wrote the log entry and
the game but before it committed. Nothing of its work survives; a restarted worker's sweep ends
the round exactly once."""

from __future__ import annotations

import random

import psycopg
import pytest
from django.contrib.auth.models import User

from engine import EndRound
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource
from tests.deadlines.conftest import two_player_table
from tests.faults.conftest import broker_unreachable, until
from tests.fixtures.worker import OwnQueues, Worker, database_url, start_worker
from tests.games.playing import finish_turns
from tipperary_site.celery import app as celery_app

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]


def _waiting_on_a_lock(observer: psycopg.Connection) -> bool:
    row = observer.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND wait_event_type = 'Lock' AND query LIKE 'UPDATE \"games_seat\"%%'"
    ).fetchone()
    return row is not None and row[0] == 1


def test_a_worker_killed_mid_advance_leaves_nothing_and_the_sweep_ends_the_round_once(
    host: User, player: User, own_queues: OwnQueues, own_workers: list[Worker]
) -> None:
    game = two_player_table(host, player)
    with broker_unreachable():  # the round's own "advance" message is lost
        game = finish_turns(game, random.Random(4))
    assert game.round == 1 and game.round_complete
    logged = Action.objects.filter(game=game).count()

    url = database_url()
    own_workers.append(start_worker(url, [own_queues.game], own_queues.env))
    with psycopg.connect(url.replace("postgres://", "postgresql://"), autocommit=False) as lock:
        # Hold the seats: the worker ends the round, logs it, saves the game, then waits here.
        lock.execute("SELECT id FROM games_seat WHERE game_id = %s FOR UPDATE", [game.pk])
        celery_app.tasks["games.advance_round"].apply_async(args=[game.pk, 1])
        with psycopg.connect(url.replace("postgres://", "postgresql://"), autocommit=True) as obs:
            until(lambda: _waiting_on_a_lock(obs), "the worker reaching the seats")
        own_workers[0].kill()
        lock.rollback()

    game.refresh_from_db()
    assert (game.round, game.round_complete) == (1, True)
    assert Action.objects.filter(game=game).count() == logged, "the killed work left no trace"

    restarted = start_worker(url, [own_queues.game], own_queues.env)
    own_workers.append(restarted)
    celery_app.tasks["games.advance_complete_games"].apply_async()
    restarted.wait_for_line(r"games\.advance_complete_games\[.*\] succeeded .*: 1$")

    game.refresh_from_db()
    assert (game.round, game.round_complete) == (2, False)
    ends = Action.objects.filter(game=game, source=ActionSource.SYSTEM, round=1)
    assert list(ends.values_list("notation", flat=True)) == [str(EndRound())]
    assert rebuild_state(game) == load_state(game)
