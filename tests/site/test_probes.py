"""The three probes: /livez (this process answers), /readyz (it reaches the database; what the
load balancer routes on) and /healthz (everything; what monitoring watches). A background fault
fails only /healthz, and a missing broker never makes any of them slow."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone
from django_celery_beat.models import IntervalSchedule, PeriodicTask
from pytest_django import DjangoAssertNumQueries
from pytest_django.fixtures import Settings as SettingsWrapper

from games.heartbeat import beat
from tipperary_site import health


@pytest.fixture(autouse=True)
def _broker_asked_afresh() -> Iterator[None]:
    health.forget_broker_answers()
    yield
    health.forget_broker_answers()


@pytest.fixture
def closed_port() -> int:
    """A loopback port nothing listens on: a broker there refuses at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def broker_asks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time a probe asks the broker, the broker URL it asked."""
    asks: list[str] = []
    ask = health._broker

    def counted() -> bool:
        asks.append(settings.CELERY_BROKER_URL)
        return ask()

    monkeypatch.setattr(health, "_broker", counted)
    return asks


def _background_alive(*, worker_ago: timedelta) -> None:
    """Beat sent a task just now; both queues' workers last beat ``worker_ago``."""
    now = timezone.now()
    every = IntervalSchedule.objects.create(every=60, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.create(
        name="heartbeat", task="games.heartbeat", interval=every, last_run_at=now
    )
    for queue in (settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_MAIL_QUEUE):
        beat(queue, now=now - worker_ago)


def _unreachable(*_: object, **__: object) -> None:
    raise OperationalError("connection to server at 127.0.0.1, port 5432 failed")


@pytest.mark.django_db
def test_it_keeps_routing_people_to_the_site_while_a_worker_is_dead(client: Client) -> None:
    _background_alive(worker_ago=timedelta(minutes=6))
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.content == b"ok"
    health_answer = client.get("/healthz")
    assert health_answer.status_code == 503
    assert health_answer.json()["worker"] == "failing"


@pytest.mark.django_db
def test_livez_answers_without_asking_the_database_or_the_broker(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, broker_asks: list[str]
) -> None:
    with django_assert_num_queries(0):
        response = client.get("/livez")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "no-cache" in response["Cache-Control"]
    assert broker_asks == []


@pytest.mark.django_db
def test_livez_answers_even_when_the_database_cannot_be_reached(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connection, "cursor", _unreachable)
    assert client.get("/livez").status_code == 200


@pytest.mark.django_db
def test_readyz_asks_the_database_one_cheap_question_and_never_the_broker(
    client: Client,
    settings: SettingsWrapper,
    closed_port: int,
    django_assert_num_queries: DjangoAssertNumQueries,
    broker_asks: list[str],
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    # SAVEPOINT; SET LOCAL statement_timeout; SELECT 1; RELEASE SAVEPOINT (the test's own
    # transaction turns the probe's BEGIN / COMMIT into a savepoint).
    with django_assert_num_queries(4) as queries:
        response = client.get("/readyz")
    assert response.status_code == 200
    assert "SET LOCAL statement_timeout" in queries.captured_queries[1]["sql"]
    assert broker_asks == []


@pytest.mark.django_db
def test_readyz_answers_503_when_the_database_cannot_be_reached_and_tells_the_log(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(connection, "cursor", _unreachable)
    with caplog.at_level(logging.WARNING, logger="tipperary_site.health"):
        response = client.get("/readyz")
    assert response.status_code == 503
    assert response.content == b"failing"
    assert "5432" not in response.content.decode()
    assert "database failing" in caplog.text and "port 5432 failed" in caplog.text


@pytest.mark.django_db
def test_healthz_asks_an_unreachable_broker_once_for_a_few_seconds_of_requests(
    client: Client,
    settings: SettingsWrapper,
    closed_port: int,
    broker_asks: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    seconds = [1000.0]
    monkeypatch.setattr(health, "_clock", lambda: seconds[0])
    first, second = client.get("/healthz"), client.get("/healthz")
    assert [first.json()["broker"], second.json()["broker"]] == ["failing", "failing"]
    assert (first.status_code, second.status_code) == (503, 503)
    assert len(broker_asks) == 1
    seconds[0] += health.BROKER_KEPT_SECONDS
    client.get("/healthz")
    assert len(broker_asks) == 2


@pytest.mark.django_db
def test_healthz_asks_again_at_once_when_the_broker_moves(
    client: Client, settings: SettingsWrapper, closed_port: int, broker_asks: list[str]
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port}/0"
    assert client.get("/healthz").json()["broker"] == "failing"
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:6379/0"
    assert client.get("/healthz").json()["broker"] == "ok"
    assert len(broker_asks) == 2


@pytest.mark.django_db
@pytest.mark.parametrize("probe", ["/livez", "/readyz", "/healthz"])
def test_the_probes_answer_over_plain_http_where_pages_move_to_https(
    settings: SettingsWrapper, probe: str
) -> None:
    settings.SECURE_SSL_REDIRECT = True
    client = Client()
    assert client.get("/rules/").status_code == 301
    assert client.get(probe).status_code in (200, 503)


@pytest.mark.django_db
@pytest.mark.parametrize("probe", ["/livez", "/readyz"])
def test_the_probes_answer_head_and_refuse_other_methods(client: Client, probe: str) -> None:
    assert client.head(probe).status_code == 200
    assert client.post(probe).status_code == 405


@pytest.mark.django_db
def test_healthz_gives_up_on_a_broker_that_takes_the_connection_and_never_answers(
    client: Client, settings: SettingsWrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(health, "BROKER_TIMEOUT_SECONDS", 0.1)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        response = client.get("/healthz")
    assert response.json()["broker"] == "failing"
