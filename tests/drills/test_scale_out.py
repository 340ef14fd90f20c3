"""Scaling out, for real: two gunicorn processes on two ports, two game workers, one mail worker
and one beat on one PostgreSQL and Redis. Forty people at twenty tables send every move of their
games, each request to one web process or the other; the workers race for the round ends.

Every round advances once, no move is lost or applied twice, and no mail goes twice."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from django_celery_beat.models import PeriodicTask, PeriodicTasks

from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource, Game, GameStatus
from games.models.heartbeat import Heartbeat
from games.models.outbox import OutboxMessage, Status
from tests.drills.conftest import (
    cookies_of,
    plan,
    play_tables,
    start_all,
    two_player_tables,
)
from tests.faults.conftest import until
from tests.fixtures.processes import Process, free_port, site_env, start_beat, start_gunicorn
from tests.fixtures.smtp import Sink
from tests.fixtures.worker import database_url, start_worker
from tipperary_site.celery import app as celery_app

pytestmark = [pytest.mark.drill, pytest.mark.django_db(transaction=True)]

TABLES = 20
SEED = 26_000
ADVANCED = r"games\.advance_round\[.*\] succeeded in .*: True"
SWEPT = r"games\.advance_complete_games\[.*\] succeeded in .*: \d+$"
MAIL_RUN = r"games\.notifications\[.*\] succeeded in .*: .queued \d+, sent (\d+),"


def _rewind_beat(names: list[str]) -> None:
    """Make beat's schedule due now for ``names``, as if its last minute had just passed."""
    until(lambda: PeriodicTask.objects.filter(name__in=names).count() == len(names),
          "beat writing its schedule")  # fmt: skip
    PeriodicTask.objects.filter(name__in=names).update(
        last_run_at=timezone.now() - timedelta(hours=1)
    )
    PeriodicTasks.update_changed()


def test_two_web_processes_and_two_game_workers_play_twenty_tables_to_the_end_once(
    own_processes: list[Process], private_redis: tuple[Process, str], drill_queue: str,
    smtp_sink: Sink,
) -> None:  # fmt: skip

    tables = two_player_tables(TABLES, SEED)
    plans = {game.pk: plan(game, random.Random(SEED + t)) for t, game in enumerate(tables)}
    cookies = cookies_of(tables)
    celery_app.conf.task_always_eager = False

    url, mail_queue = database_url(), f"{drill_queue}-mail"
    env = site_env(
        url, settings.CELERY_BROKER_URL, CACHE_URL=private_redis[1],
        CELERY_TASK_DEFAULT_QUEUE=drill_queue, EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(settings.EMAIL_PORT), EMAIL_USE_TLS="0",
    )  # fmt: skip
    ports = (free_port(), free_port())
    *game_workers, mail_worker, beat, _, _ = start_all(
        [
            lambda: start_worker(url, [drill_queue], env),
            lambda: start_worker(url, [drill_queue], env),
            lambda: start_worker(url, [mail_queue], env),
            lambda: start_beat(env),
            lambda: start_gunicorn(ports[0], env),
            lambda: start_gunicorn(ports[1], env),
        ],
        own_processes,
    )
    # Beat's first minute, at once: the heartbeats of both queues and the sweep of complete
    # rounds, which then races the workers' own round ends.
    _rewind_beat(["heartbeat", "heartbeat-mail", "advance-complete-games"])

    answers = play_tables(plans, cookies, ports)
    statuses = answers.statuses
    assert set(statuses["page"]) == {200} and len(statuses["page"]) == 4 * TABLES
    assert Counter(statuses["move"]) == {302: sum(len(moves) for moves in plans.values())}

    ends = 0
    for game in Game.objects.filter(pk__in=plans):
        assert game.status == GameStatus.FINISHED, f"table {game.pk} finished"
        log = Action.objects.filter(game=game).order_by("seq")
        moves = [(a.seat, a.round, a.notation) for a in log if a.source == ActionSource.PLAYER]
        planned = [(m.seat, m.round, m.notation) for m in plans[game.pk]]
        assert moves == planned, f"table {game.pk}: every move once, in its order"
        rounds = [a.round for a in log if a.source == ActionSource.SYSTEM]
        assert rounds == list(range(1, load_state(game).rounds_total + 1)), "each round ended once"
        assert [a.seq for a in log] == list(range(1, len(log) + 1))
        assert rebuild_state(game) == load_state(game)
        ends += len(rounds)

    # Both workers ended rounds; all the round ends the workers reported are the ones logged
    # (the sweep beat sent found none left to do or did the few it found, never one twice).
    advanced = [worker.count(ADVANCED) for worker in game_workers]
    assert all(advanced), f"both game workers took round ends: {advanced}"
    swept = sum(int(line.rsplit(" ", 1)[1]) for worker in game_workers for line in worker.lines
                if re.search(SWEPT, line))  # fmt: skip
    assert sum(advanced) + swept == ends
    beat.wait_for_line(r"Sending due task heartbeat-mail")
    until(lambda: Heartbeat.objects.filter(queue__in=[drill_queue, mail_queue]).count() == 2,
          "a worker on each queue answering beat")  # fmt: skip

    # The minute's mail run, twice over (as two beats' minutes would): the second sends nothing.
    sent = []
    for _ in range(2):
        seen = len(mail_worker.lines)
        celery_app.send_task("games.notifications", queue=mail_queue)
        line = mail_worker.wait_for_line(MAIL_RUN, after=seen)
        sent.append(int(line.split(", sent ")[1].split(",")[0]))
    finished = OutboxMessage.objects.filter(kind="finished", status=Status.SENT)
    assert finished.count() == 2 * TABLES, "everyone heard how their table ended"
    assert sent[1] == 0
    mails = [(m["To"], m["Subject"]) for m in smtp_sink.messages]
    assert len(mails) == len(set(mails)) == OutboxMessage.objects.filter(status=Status.SENT).count()
