"""The daily digest goes out at each person's own hour, listing every table waiting for them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import time_machine
from django.contrib.auth.models import User

from accounts.models import EmailMode
from games.models.outbox import Kind, Status
from games.notifications.send import send_due_messages
from games.tasks import notifications_task
from tests.conftest import make_person
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import T0, rows, start_table


def _at(moment: datetime, sink: Sink) -> list[str]:
    """Run the periodic task at ``moment``; the addresses of the digests it sent."""
    before = len(sink.messages)
    with time_machine.travel(moment, tick=False):
        notifications_task()
    return [m["To"] for m in sink.messages[before:] if "waiting for you" in m["Subject"]]


def test_each_digest_goes_out_at_the_persons_local_hour(host: User, smtp_sink: Sink) -> None:
    dublin = make_person("Dara", email_mode=EmailMode.DIGEST, time_zone="Europe/Dublin")
    tokyo = make_person("Emiko", email_mode=EmailMode.DIGEST, time_zone="Asia/Tokyo")
    start_table(host, dublin)
    start_table(dublin, tokyo, hours=72)
    start_table(host, tokyo, hours=48)
    assert _at(datetime(2026, 11, 29, 22, 30, tzinfo=UTC), smtp_sink) == []  # Tokyo 07:30
    assert _at(datetime(2026, 11, 29, 23, 5, tzinfo=UTC), smtp_sink) == ["emiko@example.com"]
    assert _at(datetime(2026, 11, 30, 0, 5, tzinfo=UTC), smtp_sink) == []  # once a day
    assert _at(datetime(2026, 11, 30, 8, 5, tzinfo=UTC), smtp_sink) == ["dara@example.com"]
    assert _at(datetime(2026, 11, 30, 9, 5, tzinfo=UTC), smtp_sink) == []
    assert _at(datetime(2026, 11, 30, 23, 10, tzinfo=UTC), smtp_sink) == ["emiko@example.com"]
    assert [(r.user, r.digest_date) for r in rows(Kind.DIGEST)] == [
        (tokyo, datetime(2026, 11, 30).date()),
        (dublin, datetime(2026, 11, 30).date()),
        (tokyo, datetime(2026, 12, 1).date()),
    ]
    # Digest people got nothing else: no "table started" mails.
    others = [m["To"] for m in smtp_sink.messages if "waiting for you" not in m["Subject"]]
    assert set(others) == {"aoife@example.com"}


def test_a_late_scan_still_sends_the_days_digest_within_a_few_hours(
    host: User, smtp_sink: Sink
) -> None:
    dublin = make_person("Dara", email_mode=EmailMode.DIGEST, time_zone="Europe/Dublin")
    start_table(host, dublin)
    assert _at(datetime(2026, 11, 30, 10, 59, tzinfo=UTC), smtp_sink) == ["dara@example.com"]


def test_the_digest_lists_every_table_most_urgent_first_with_time_left(
    host: User, smtp_sink: Sink
) -> None:
    dublin = make_person("Dara", email_mode=EmailMode.DIGEST, time_zone="Europe/Dublin")
    week = start_table(host, dublin, hours=168)
    day = start_table(host, dublin, hours=24)
    _at(datetime(2026, 11, 30, 8, 0, tzinfo=UTC), smtp_sink)
    (digest,) = [m for m in smtp_sink.messages if m["To"] == "dara@example.com"]
    assert digest["Subject"] == "2 tables waiting for you"
    text = Sink.text_of(digest)
    assert text.index(f"- {day}, round 1: 4 hours left") < text.index(f"- {week}, round 1: 6 days")
    assert "ends Mon 30 Nov, 12:00 GMT" in text
    assert f"/games/{day.pk}/" in Sink.html_of(digest)
    assert "/games/unsubscribe/" in str(digest["List-Unsubscribe"])


def test_no_digest_when_nothing_is_waiting(host: User, smtp_sink: Sink) -> None:
    make_person("Dara", email_mode=EmailMode.DIGEST, time_zone="Europe/Dublin")
    assert _at(datetime(2026, 11, 30, 8, 0, tzinfo=UTC), smtp_sink) == []
    assert rows(Kind.DIGEST) == []


def test_a_digest_whose_tables_were_played_meanwhile_is_dropped(host: User) -> None:
    from games.notifications.scan import scan

    dublin = make_person("Dara", email_mode=EmailMode.DIGEST, time_zone="Europe/Dublin")
    game = start_table(host, dublin)
    scan(now=datetime(2026, 11, 30, 8, 0, tzinfo=UTC))
    game.seats.update(to_play=False)
    send_due_messages(now=T0 + timedelta(days=1))
    assert [(r.status, r.note) for r in rows(Kind.DIGEST)] == [
        (Status.DROPPED, "no table is waiting")
    ]
