"""``GET /healthz``: does the database answer, and does the broker?"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tipperary_site.celery import app as celery_app


def _database_ok() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _broker_ok() -> str | None:
    try:
        with celery_app.connection_for_write(url=settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 with ``{"database": "ok", "broker": "ok"}``, or 503 naming what failed."""
    failures = {"database": _database_ok(), "broker": _broker_ok()}
    body = {name: ("ok" if error is None else error) for name, error in failures.items()}
    healthy = all(error is None for error in failures.values())
    body["status"] = "ok" if healthy else "failing"
    return JsonResponse(body, status=200 if healthy else 503)
