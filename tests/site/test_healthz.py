"""GET /healthz: the database, the broker, beat and a worker on each queue, each named; a 503
when one fails, with nothing internal in the answer (the log has the details)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask
from pytest_django import DjangoAssertNumQueries
from pytest_django.fixtures import Settings as SettingsWrapper

from games.heartbeat import beat
from games.models import Heartbeat
from tests.fixtures.worker import Worker
from tipperary_site import health
from tipperary_site.celery import app as celery_app

ALL_OK = {
    "database": "ok", "broker": "ok", "beat": "ok", "worker": "ok", "mail_worker": "ok",
    "status": "ok",
}  # fmt: skip


@pytest.fixture(autouse=True)
def _broker_asked_afresh() -> Iterator[None]:
    """The broker's answer is kept a few seconds; each test asks its own broker afresh."""
    health.forget_broker_answers()
    yield
    health.forget_broker_answers()


def _alive(*, beat_ago: timedelta = timedelta(0), worker_ago: timedelta = timedelta(0)) -> None:
    """Beat last sent a task ``beat_ago``; both queues' workers beat ``worker_ago``."""
    now = timezone.now()
    every = IntervalSchedule.objects.create(every=60, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.create(
        name="heartbeat", task="games.heartbeat", interval=every, last_run_at=now - beat_ago
    )
    for queue in (settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_MAIL_QUEUE):
        beat(queue, now=now - worker_ago)


@pytest.mark.django_db
def test_it_reports_every_part_ok(
    client: Client, settings: SettingsWrapper, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    _alive(beat_ago=timedelta(minutes=1), worker_ago=timedelta(minutes=1))
    # SELECT 1; beat's last send; each queue's heartbeat.
    with django_assert_num_queries(4):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == ALL_OK
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_it_answers_503_naming_the_broker_and_tells_the_log_not_the_public(
    client: Client, settings: SettingsWrapper, caplog: pytest.LogCaptureFixture
) -> None:
    _alive()
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    with caplog.at_level(logging.WARNING, logger="tipperary_site.health"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "broker": "failing", "status": "failing"}
    assert "Error" not in response.content.decode() and "127.0.0.1" not in response.content.decode()
    assert "broker failing" in caplog.text and "Connection refused" in caplog.text


@pytest.mark.django_db
def test_it_answers_503_when_the_workers_stopped_beating(client: Client) -> None:
    _alive(worker_ago=timedelta(minutes=6))
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert (body["beat"], body["worker"], body["mail_worker"]) == ("ok", "failing", "failing")


@pytest.mark.django_db
def test_it_answers_503_when_only_the_mail_worker_is_gone(client: Client) -> None:
    _alive()
    Heartbeat.objects.filter(queue=settings.CELERY_MAIL_QUEUE).delete()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "mail_worker": "failing", "status": "failing"}


@pytest.mark.django_db
def test_it_answers_503_when_beat_stopped_sending(client: Client) -> None:
    _alive(beat_ago=timedelta(minutes=6))
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "beat": "failing", "status": "failing"}


@pytest.mark.django_db
def test_it_answers_503_on_a_fresh_site_before_beat_and_the_workers_ran(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert (body["beat"], body["worker"], body["mail_worker"]) == ("failing",) * 3


@pytest.mark.django_db
def test_it_refuses_other_methods(client: Client) -> None:
    assert client.post("/healthz").status_code == 405


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_takes_both_queues_and_writes_their_heartbeats(
    celery_worker: Worker,
) -> None:
    seen = len(celery_worker.lines)
    for name in (settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_MAIL_QUEUE):
        celery_app.tasks["games.heartbeat"].apply_async(args=[name], queue=name)
    for _ in range(2):
        line = celery_worker.wait_for_line(r"games\.heartbeat\[.*\] succeeded", after=seen)
        seen = celery_worker.lines.index(line) + 1
    assert set(Heartbeat.objects.values_list("queue", flat=True)) == {
        settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_MAIL_QUEUE,
    }  # fmt: skip
