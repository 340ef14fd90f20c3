"""The outbox's minute: write what the clock makes due, send what is due, forget old rows."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.notifications.models import OutboxMessage, Status
from games.notifications.scan import scan
from games.notifications.send import send_due_messages


def prune(now: datetime) -> int:
    """Delete rows settled long ago (sent, dropped or failed); returns how many went.

    Rounds last a week at most, so a month later no repeat is left for them to absorb.
    """
    keep = timedelta(days=int(getattr(settings, "NOTIFY_KEEP_DAYS", 30)))
    old = OutboxMessage.objects.filter(created_at__lt=now - keep).exclude(status=Status.PENDING)
    deleted, _ = old.delete()
    return deleted


def run(*, now: datetime | None = None) -> str:
    """One periodic run, as the Celery task does it; a line for the worker's log."""
    now = now or timezone.now()
    queued = scan(now=now)
    report = send_due_messages(now=now)
    pruned = prune(now)
    return (
        f"queued {queued}, sent {report.sent}, dropped {report.dropped}, "
        f"retried {report.retried}, failed {report.failed}, pruned {pruned}"
    )
