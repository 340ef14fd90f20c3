"""A send run goes on batch after batch until nothing is due, or hands over when time is up."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from django.contrib.auth.models import User
from pytest_django.fixtures import Settings as SettingsWrapper

from games.models.outbox import Kind, OutboxMessage, Status
from games.notifications import periodic
from games.notifications.send import send_due_messages
from tests.conftest import make_person
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import T1, start_table

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]


def _tables(host: User, count: int) -> None:
    """``count`` started tables of ``host`` and a new player each: two mails due per table."""
    for n in range(count):
        start_table(host, make_person(f"Player{n}"))


def test_a_run_sends_every_due_mail_batch_after_batch(host: User, smtp_sink: Sink) -> None:
    _tables(host, 3)
    report = send_due_messages(now=T1, batch=2)
    assert (report.sent, report.more) == (6, False)
    assert len(smtp_sink.wait_for(6)) == 6


def test_a_run_out_of_time_stops_between_mails_and_the_next_follows_at_once(
    host: User, smtp_sink: Sink, settings: SettingsWrapper,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    _tables(host, 2)
    ticks = itertools.count()  # each look at the clock: one second later
    report = send_due_messages(now=T1, budget=2.5, clock=lambda: float(next(ticks)))
    assert (report.sent, report.more) == (2, True)
    waiting = OutboxMessage.objects.filter(kind=Kind.STARTED, status=Status.PENDING)
    assert waiting.count() == 2 and all(row.attempts == 0 for row in waiting)

    settings.NOTIFY_SEND_SECONDS = 0  # no time at all: the run hands over at once
    with django_capture_on_commit_callbacks() as enqueued:
        assert periodic.send(now=T1).more
    assert len(enqueued) == 1, "another run is asked for, right after this one"
    settings.NOTIFY_SEND_SECONDS = 45
    with django_capture_on_commit_callbacks() as enqueued:
        assert not periodic.send(now=T1).more
    assert enqueued == [], "nothing left, so no follow-up"
    assert len(smtp_sink.wait_for(4)) == 4
