"""Heartbeats: beat asks every worker queue to write one each minute, and ``/healthz`` reads them.

A fresh row says beat is sending and a worker on that queue is taking tasks; a stale one says
one of them stopped (beat's own last send is told apart by django-celery-beat's records).
"""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.utils import timezone


class Heartbeat(models.Model):
    """The last time a worker consuming ``queue`` ran the heartbeat task."""

    queue = models.CharField(max_length=100, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.queue}: {self.at:%Y-%m-%d %H:%M:%S}"


def beat(queue: str, *, now: datetime | None = None) -> None:
    """Record that a worker on ``queue`` is alive (one row per queue, rewritten each time)."""
    Heartbeat.objects.update_or_create(queue=queue, defaults={"at": now or timezone.now()})
