"""Two senders at once, each on its own database connection: every row goes out exactly once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models.outbox import Kind, OutboxMessage, Status
from games.notifications.send import send_due_messages
from tests.conftest import make_person
from tests.fixtures.at_once import at_once
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import start_table

PEOPLE = 12


@pytest.mark.django_db(transaction=True)
def test_two_senders_send_each_row_exactly_once(smtp_sink: Sink) -> None:
    assert connection.vendor == "postgresql", "row locks need PostgreSQL (make test runs on it)"
    people = [make_person(f"Player{n:02d}") for n in range(PEOPLE)]
    for first, second in zip(people[::2], people[1::2], strict=True):
        start_table(first, second, now=timezone.now())
    assert OutboxMessage.objects.filter(kind=Kind.STARTED).count() == PEOPLE

    later = timezone.now() + timedelta(minutes=10)  # past the grace of "table started"
    outcomes = at_once([lambda: send_due_messages(now=later)] * 2)
    assert not outcomes.raised, outcomes.raised
    reports = outcomes.returned

    assert sum(r.sent for r in reports) == PEOPLE
    assert all(r.retried == r.failed == 0 for r in reports)
    received = sorted(str(m["To"]) for m in smtp_sink.wait_for(PEOPLE))
    assert received == sorted(p.email for p in people)
    assert set(OutboxMessage.objects.values_list("status", "attempts")) == {(Status.SENT, 1)}
