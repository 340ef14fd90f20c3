"""One mail a week, at each person's digest hour: this week's deal is up, with last week's
result; settings and one-click unsubscribe are honoured."""

from __future__ import annotations

from datetime import timedelta

import time_machine
from django.contrib.auth.models import User

from accounts.models import EmailMode
from games.challenge import entries
from games.tasks import notifications_task
from tests.challenge.weeks import NEXT_MONDAY, SEED, TUESDAY, entry_of
from tests.conftest import make_person
from tests.fixtures.smtp import Sink


def _week_of_mail(sink: Sink) -> list[tuple[str, str]]:
    """Run the periodic task each hour of the new week's Monday and Tuesday; the challenge
    mails sent, as (address, plain text)."""
    for hour in range(48):
        with time_machine.travel(NEXT_MONDAY + timedelta(hours=hour, minutes=5), tick=False):
            notifications_task()
    return [
        (m["To"], m.get_body(("plain",)).get_content())  # type: ignore[union-attr]
        for m in sink.messages
        if "challenge is up" in m["Subject"]
    ]


def test_it_tells_each_person_once_with_last_weeks_result(
    host: User, player: User, smtp_sink: Sink
) -> None:
    quiet = make_person("Donal", email_mode=EmailMode.OFF)
    entry_of(host, 13, chooser=1)
    entry_of(player, 1, chooser=2)
    entries.open_week(NEXT_MONDAY, seed=SEED)
    sent = dict(_week_of_mail(smtp_sink))
    assert set(sent) == {"aoife@example.com", "brendan@example.com"}
    assert quiet.email not in sent
    assert "Last week you were 1 of 2" in sent["aoife@example.com"]
    assert "The deal of week 50 is up" in sent["brendan@example.com"]
    assert "/challenge/" in sent["aoife@example.com"]
    mail = next(m for m in smtp_sink.messages if m["To"] == "aoife@example.com")
    assert mail["List-Unsubscribe"]


def test_it_does_not_tell_someone_already_playing_this_weeks_deal(
    host: User, smtp_sink: Sink
) -> None:
    entries.open_week(TUESDAY, seed=SEED)
    challenge = entries.open_week(NEXT_MONDAY, seed=SEED)
    entries.enter(challenge.pk, host, NEXT_MONDAY)
    assert _week_of_mail(smtp_sink) == []
