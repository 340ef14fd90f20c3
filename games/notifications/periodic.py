"""The outbox's minute: write what the clock makes due, send what is due, forget old rows."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.models.outbox import OutboxMessage, Status
from games.notifications.scan import scan
from games.notifications.send import SendReport, blank_sent_account_mail, send_due_messages
from games.notifications.write import SEND_TASK
from tipperary_site.enqueue import enqueue


def prune(now: datetime) -> int:
    """Delete rows settled long ago (sent, dropped or failed); returns how many went.

    Rounds last a week at most, so a month later no repeat is left for them to absorb.
    """
    keep = timedelta(days=settings.NOTIFY_KEEP_DAYS)
    old = OutboxMessage.objects.filter(created_at__lt=now - keep).exclude(status=Status.PENDING)
    deleted, _ = old.delete()
    blank_sent_account_mail()  # account mail sent before sending blanked its link itself
    return deleted


def send(*, now: datetime | None = None) -> SendReport:
    """Send what is due; when the time budget runs out first, another run follows at once."""
    report = send_due_messages(now=now)
    if report.more:
        enqueue(SEND_TASK)
    return report


def run(*, now: datetime | None = None) -> str:
    """One periodic run, as the Celery task does it; a line for the worker's log."""
    now = now or timezone.now()
    queued = scan(now=now)
    report = send(now=now)
    pruned = prune(now)
    return f"queued {queued}, {describe(report)}, pruned {pruned}"


def describe(report: SendReport) -> str:
    """The sender's report as the worker's log shows it."""
    line = (
        f"sent {report.sent}, dropped {report.dropped}, "
        f"retried {report.retried}, failed {report.failed}"
    )
    if report.server_unreachable:
        line += ", mail server unreachable (resting)"
    return line + (", more to send" if report.more else "")
