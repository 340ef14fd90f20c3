"""Each seated entrant is told their table is ready, by the outbox, in their own words."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import OutboxMessage, Status
from games.models.outbox import Kind
from games.notifications.send import send_due_messages
from games.tournaments import events
from tests.tournaments.events import CLOSES, event_with, people, play_round

pytestmark = pytest.mark.django_db


def test_every_entrant_hears_that_their_table_is_ready_each_round() -> None:
    entered = people(4, "M")
    tournament = event_with(entered, table_size=2, rounds=2, min_entrants=2)
    events.begin(tournament.pk, CLOSES)
    send_due_messages(now=CLOSES)
    subjects = sorted(message.subject for message in mail.outbox)
    assert subjects == ["Round 1 of Spring Swiss: your table is ready"] * 4
    body = mail.outbox[0].body
    assert "Round 1 of Spring Swiss is seated: you play M0" in body
    assert "The event's standings: http://" in body and tournament.get_absolute_url() in body

    play_round(tournament, 1, seed=1)  # the last table's end seats round 2 now, on the clock
    mail.outbox.clear()
    send_due_messages()
    ready = [m.subject for m in mail.outbox if "your table is ready" in m.subject]
    assert ready == ["Round 2 of Spring Swiss: your table is ready"] * 4


def test_the_mail_is_dropped_when_the_table_is_over_before_it_goes() -> None:
    tournament = event_with(people(2, "N"), table_size=2, rounds=1, min_entrants=2)
    events.begin(tournament.pk, CLOSES)
    play_round(tournament, 1, seed=1)
    send_due_messages(now=CLOSES)
    rows = OutboxMessage.objects.filter(kind=Kind.TOURNAMENT)
    assert set(rows.values_list("status", "note")) == {(Status.DROPPED, "the table is over")}
