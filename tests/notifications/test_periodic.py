"""The periodic task: scheduled every minute, it writes, sends and forgets old rows."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings

from games.models import Game
from games.models.outbox import Kind, OutboxMessage, Status
from games.notifications.periodic import prune, run
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import T0, T1
from tipperary_site.celery import app as celery_app


def test_beat_runs_the_outbox_every_minute() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["notifications"]
    assert entry == {"task": "games.notifications", "schedule": 60.0}
    celery_app.loader.import_default_modules()
    assert "games.notifications" in celery_app.tasks


def test_one_run_sends_what_is_due_and_reports_it(started: Game, smtp_sink: Sink) -> None:
    line = run(now=T1)
    assert line == "queued 0, sent 2, dropped 0, retried 0, failed 0, pruned 0"
    assert len(smtp_sink.wait_for(2)) == 2


def test_settled_rows_are_forgotten_after_a_month_and_pending_ones_never(started: Game) -> None:
    OutboxMessage.objects.filter(user__username="Aoife").update(status=Status.SENT)
    OutboxMessage.objects.update(created_at=T0)
    assert prune(T0 + timedelta(days=29)) == 0
    assert prune(T0 + timedelta(days=31)) == 1
    assert [(r.user and r.user.username, r.kind) for r in OutboxMessage.objects.all()] == [
        ("Brendan", Kind.STARTED)
    ]
