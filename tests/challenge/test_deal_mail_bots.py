"""The weekly mail reaches everyone who has not entered, though the bots' entries have no host."""

from __future__ import annotations

from django.contrib.auth.models import User

from games.challenge import entries
from tests.challenge.test_deal_mail import _week_of_mail
from tests.challenge.weeks import NEXT_MONDAY, SEED
from tests.fixtures.smtp import Sink


def test_it_tells_everyone_not_yet_playing_while_the_bots_have_played_the_deal(
    host: User, player: User, smtp_sink: Sink
) -> None:
    challenge = entries.open_week(NEXT_MONDAY, seed=SEED)
    assert entries.enter_bots(challenge.pk, NEXT_MONDAY) == 4
    sent = dict(_week_of_mail(smtp_sink))
    assert set(sent) == {"aoife@example.com", "brendan@example.com"}


def test_it_leaves_out_only_the_person_who_entered_when_the_bots_are_seated(
    host: User, player: User, smtp_sink: Sink
) -> None:
    challenge = entries.open_week(NEXT_MONDAY, seed=SEED)
    entries.enter_bots(challenge.pk, NEXT_MONDAY)
    entries.enter(challenge.pk, host, NEXT_MONDAY)
    assert [to for to, _text in _week_of_mail(smtp_sink)] == ["brendan@example.com"]
