"""Heartbeats: beat asks every worker queue to write one each minute, and ``/healthz`` reads them.

A fresh row says beat is sending and a worker on that queue is taking tasks; a stale one says
one of them stopped (beat's own last send is told apart by django-celery-beat's records).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models.heartbeat import Heartbeat


def beat(queue: str, *, now: datetime | None = None) -> None:
    """Record that a worker on ``queue`` is alive (one row per queue, rewritten each time)."""
    Heartbeat.objects.update_or_create(queue=queue, defaults={"at": now or timezone.now()})
