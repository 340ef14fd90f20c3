"""``GET /healthz``: does the database answer, the broker, beat, and a worker on each queue?

The answer names each part ``ok`` or ``failing`` (``unknown`` when the database, which holds
the records, does not answer) and says nothing more to the public: what went wrong goes to the
log, where operators look.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Max
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_celery_beat.models import PeriodicTask

from games.heartbeat import Heartbeat
from tipperary_site.celery import app as celery_app

logger = logging.getLogger(__name__)


def _database() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return True


def _broker() -> bool:
    with celery_app.connection_for_write(url=settings.CELERY_BROKER_URL) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
    return True


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
    body = {"database": _check("database", _database), "broker": _check("broker", _broker)}
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
