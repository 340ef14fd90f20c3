"""The site's three probes, each for one listener (README, "Probes").

- ``GET /livez``: this process answers. No I/O at all, so only a stuck process fails it; for the
  process supervisor, which restarts what fails.
- ``GET /readyz``: this process can reach the database, the one thing every page needs; for the
  load balancer, which stops sending people to what fails. It never asks the broker, beat or the
  workers: a background fault must not take the pages down with it.
- ``GET /healthz``: everything (the database, the broker, beat, a worker on each queue); for
  monitoring. The broker's answer is kept a few seconds and each ask is bounded, so a missing
  broker never makes it slow and frequent asks open no connection each.

``/healthz`` names each part ``ok`` or ``failing`` (``unknown`` when the database, which holds
the records, does not answer) and says nothing more to the public: what went wrong goes to the
log, where operators look.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_safe
from django_celery_beat.models import PeriodicTask

from games.models.heartbeat import Heartbeat
from tipperary_site.celery import app as celery_app

logger = logging.getLogger(__name__)

#: A database that takes longer than this for ``SELECT 1`` is not ready to serve pages.
READY_STATEMENT_TIMEOUT_MS = 1000
#: The longest one ask of the broker may wait to connect, and then for its answer. Without it, a
#: broker that accepts the connection and never answers would hold the request for ever.
BROKER_TIMEOUT_SECONDS = 1.0
#: How long the broker's answer is kept (per process) before the next ``/healthz`` asks again.
BROKER_KEPT_SECONDS = 10.0

# The broker's last answer, per broker URL: (asked at, by the monotonic clock; its state).
_broker_answers: dict[str, tuple[float, str]] = {}
_clock: Callable[[], float] = time.monotonic


@never_cache
@require_safe
def livez(request: HttpRequest) -> HttpResponse:
    """Always 200 "ok": that this answers at all is the whole check."""
    return HttpResponse("ok", content_type="text/plain")


@never_cache
@require_safe
def readyz(request: HttpRequest) -> HttpResponse:
    """200 when the database answers ``SELECT 1`` in time, else 503 (the reason goes to the log)."""
    try:
        _database_in_time()
    except DatabaseError as error:
        logger.warning("readiness: database failing: %s", error)
        return HttpResponse("failing", content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")


def _database_in_time() -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # LOCAL: the connection, kept for later requests, keeps its usual timeout after this.
            cursor.execute(f"SET LOCAL statement_timeout = {READY_STATEMENT_TIMEOUT_MS}")
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _database() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return True


def _broker() -> bool:
    timeouts = {
        "socket_connect_timeout": BROKER_TIMEOUT_SECONDS,
        "socket_timeout": BROKER_TIMEOUT_SECONDS,
    }
    with celery_app.connection_for_write(
        url=settings.CELERY_BROKER_URL,
        connect_timeout=BROKER_TIMEOUT_SECONDS,
        transport_options=timeouts,
    ) as conn:
        # One try: a retry would only double the wait, and the next ask comes soon enough.
        conn.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT_SECONDS)
    return True


def _broker_state() -> str:
    """The broker's state, asked at most once per ``BROKER_KEPT_SECONDS`` in this process."""
    url, now = settings.CELERY_BROKER_URL, _clock()
    kept = _broker_answers.get(url)
    if kept is not None and now - kept[0] < BROKER_KEPT_SECONDS:
        return kept[1]
    state = _check("broker", _broker)
    _broker_answers[url] = (now, state)
    return state


def forget_broker_answers() -> None:
    """Ask the broker afresh at the next ``/healthz`` (tests start from nothing kept)."""
    _broker_answers.clear()


def _stale_before(now: datetime) -> datetime:
    return now - timedelta(seconds=settings.HEALTH_STALE_AFTER_SECONDS)


def _beat(now: datetime) -> bool:
    """Beat records when it last sent each periodic task (``CELERY_BEAT_SYNC_EVERY``)."""
    last = PeriodicTask.objects.filter(enabled=True).aggregate(last=Max("last_run_at"))["last"]
    return last is not None and last >= _stale_before(now)


def _worker(queue: str, now: datetime) -> bool:
    """Whether a worker took ``queue``'s heartbeat task lately."""
    return Heartbeat.objects.filter(queue=queue, at__gte=_stale_before(now)).exists()


def _check(part: str, probe: Callable[[], bool]) -> str:
    try:
        if probe():
            return "ok"
        logger.warning("health check: %s failing (nothing recorded lately)", part)
    except Exception:
        logger.exception("health check: %s failing", part)
    return "failing"


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every part is ``ok``, else 503; the body names each part and its state."""
    now = timezone.now()
    body = {"database": _check("database", _database), "broker": _broker_state()}
    recorded: dict[str, Callable[[], bool]] = {
        "beat": lambda: _beat(now),
        "worker": lambda: _worker(settings.CELERY_TASK_DEFAULT_QUEUE, now),
        "mail_worker": lambda: _worker(settings.CELERY_MAIL_QUEUE, now),
    }
    for part, probe in recorded.items():
        body[part] = _check(part, probe) if body["database"] == "ok" else "unknown"
    healthy = all(state == "ok" for state in body.values())
    body["status"] = "ok" if healthy else "failing"
    return JsonResponse(body, status=200 if healthy else 503)
