"""A worker queue's last sign of life (written by :func:`games.heartbeat.beat`)."""

from __future__ import annotations

from django.db import models


class Heartbeat(models.Model):
    """The last time a worker consuming ``queue`` ran the heartbeat task."""

    queue = models.CharField(max_length=100, primary_key=True)
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.queue}: {self.at:%Y-%m-%d %H:%M:%S}"
