"""One id follows a move through the logs: the request, the task it enqueues, the mail it causes."""

from __future__ import annotations

import io
import json
import logging
import os
import random
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from celery import signals
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.engine_bridge import load_state
from games.models import Game
from games.models.outbox import OutboxMessage
from games.notifications.send import send_due_messages
from tests.deadlines.conftest import CaptureOnCommit, two_player_table
from tests.fixtures.worker import Worker
from tests.fixtures.worker_tasks import push_marker
from tests.games.playing import any_legal_action, finish_turns, step_of
from tipperary_site import request_id
from tipperary_site.celery import app as celery_app
from tipperary_site.enqueue import enqueue
from tipperary_site.logs import JsonFormatter
from tipperary_site.request_id import RequestIdFilter

BASE_DIR = Path(__file__).resolve().parents[2]
MOVE_ID = "move-0001-3f2a9c1e"

LogLines = Callable[[], list[dict[str, Any]]]


@pytest.fixture
def json_lines() -> Iterator[LogLines]:
    """The JSON lines the site's console handler would print (LOG_FORMAT=json) from now on."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        root.removeHandler(handler)


@pytest.mark.django_db
def test_it_gives_each_response_an_id_of_its_own(client: Client) -> None:
    first = client.get("/")["X-Request-ID"]
    second = client.get("/")["X-Request-ID"]
    assert len(first) == 32 and first != second


@pytest.mark.django_db
def test_it_keeps_the_id_a_proxy_sent(client: Client) -> None:
    response = client.get("/", headers={"X-Request-ID": "edge-7f3c:0b7d.4e58_9a61"})
    assert response["X-Request-ID"] == "edge-7f3c:0b7d.4e58_9a61"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sent", ["x" * 65, "with spaces in it", 'quote"and{brace}', "short", "line\\nbreak-0001"]
)
def test_it_replaces_an_id_too_long_too_short_or_with_odd_characters(
    client: Client, sent: str
) -> None:
    kept = client.get("/", headers={"X-Request-ID": sent})["X-Request-ID"]
    assert kept != sent and len(kept) == 32


def _log_through_settings(log_format: str) -> subprocess.CompletedProcess[str]:
    """A fresh process with LOG_FORMAT set asks for a page that is not there (Django logs it)."""
    code = (
        "import django; django.setup(); from django.test import Client;"
        f"Client(HTTP_HOST='127.0.0.1').get('/no-such-page/', HTTP_X_REQUEST_ID='{MOVE_ID}')"
    )
    env = {
        **os.environ,
        "LOG_FORMAT": log_format,
        "DJANGO_SETTINGS_MODULE": "tipperary_site.settings",
    }
    return subprocess.run(
        [sys.executable, "-c", code], cwd=BASE_DIR, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def test_under_log_format_json_each_line_is_json_with_the_request_id() -> None:
    result = _log_through_settings("json")
    assert result.returncode == 0, result.stderr
    (line,) = [json.loads(text) for text in result.stderr.splitlines()]
    assert line["request_id"] == MOVE_ID
    assert (line["level"], line["logger"]) == ("WARNING", "django.request")
    assert line["message"] == "Not Found: /no-such-page/"


def test_by_default_each_line_is_text_a_person_reads_with_the_request_id() -> None:
    result = _log_through_settings("")
    assert result.returncode == 0, result.stderr
    assert f"WARNING django.request [{MOVE_ID}] Not Found: /no-such-page/" in result.stderr


def test_an_unknown_log_format_stops_the_process_by_name() -> None:
    result = _log_through_settings("yaml")
    assert result.returncode != 0
    assert "LOG_FORMAT must be one of text, json; got 'yaml'" in result.stderr


@pytest.fixture
def tasks_run() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """Each task run in this test: its name and the headers it came with."""
    seen: list[tuple[str, dict[str, Any]]] = []

    def record(task: Any, **_: object) -> None:
        seen.append((task.name, dict(task.request.headers or {})))

    signals.task_prerun.connect(record, weak=False)
    try:
        yield seen
    finally:
        signals.task_prerun.disconnect(record)


@pytest.mark.django_db
def test_one_id_follows_a_move_from_the_click_to_the_round_end_to_the_mail(
    client: Client, host: User, player: User, json_lines: LogLines,
    tasks_run: list[tuple[str, dict[str, Any]]],
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    rng = random.Random(5)
    game = finish_turns(two_player_table(host, player), rng, skip=(1,))
    client.force_login(player)

    with django_capture_on_commit_callbacks(execute=True):
        while notation := any_legal_action(load_state(Game.objects.get(pk=game.pk)), 1, rng):
            response = client.post(
                f"/games/{game.pk}/play/",
                {"notation": notation, "step": step_of(game, player)},
                headers={"X-Request-ID": MOVE_ID},
            )
            assert response.status_code == 302

    game.refresh_from_db()
    assert game.round == 2, "the round ended"
    assert ("games.advance_round", {"request_id": MOVE_ID}) in tasks_run
    new_round_mails = OutboxMessage.objects.filter(game=game, round=2)
    assert new_round_mails.count() == 2
    assert {row.request_id for row in new_round_mails} == {MOVE_ID}

    send_due_messages(now=timezone.now() + timedelta(hours=1))

    followed = [line["message"] for line in json_lines() if line["request_id"] == MOVE_ID]
    assert any(m.startswith("Task games.advance_round[") and "succeeded" in m for m in followed)
    sent = [m for m in followed if m.startswith("Mail ") and " sent (new_round " in m]
    assert len(sent) == 2, followed


@pytest.mark.django_db
def test_a_task_sent_without_an_id_gets_one_and_the_request_keeps_its_own(
    json_lines: LogLines,
) -> None:
    with request_id.bound(MOVE_ID):
        celery_app.tasks["games.heartbeat"].apply(args=["tests"])
        assert request_id.current() == MOVE_ID, "an eager task hands the request's id back"

    (ran,) = [line for line in json_lines() if line["message"].startswith("Task games.heartbeat")]
    assert ran["request_id"] != MOVE_ID and request_id.sane(ran["request_id"])


@pytest.mark.django_db(transaction=True)
def test_the_worker_logs_a_task_under_the_id_of_the_request_that_sent_it(
    celery_worker: Worker,
) -> None:
    key = f"test-marker-{uuid.uuid4()}"
    mark = len(celery_worker.lines)
    with request_id.bound(MOVE_ID):
        enqueue(push_marker.name, key, "sent")

    line = celery_worker.wait_for_line(
        r"Task tests\.fixtures\.worker_tasks\.push_marker\[.*\] succeeded", after=mark
    )
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(key)
    assert f"[{MOVE_ID}]" in line
