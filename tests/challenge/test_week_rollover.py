"""Beat opens each week's deal on Monday 00:00 UTC and scores the week that just ended."""

from __future__ import annotations

from datetime import timedelta

import time_machine
from django.conf import settings
from django.contrib.auth.models import User

from games.models import GameStatus, Seat
from games.models.challenge import Challenge
from games.tasks import open_challenge_week_task
from tests.challenge.weeks import MONDAY, NEXT_MONDAY, entry_of


def test_it_is_due_on_monday_at_midnight_utc_and_not_before() -> None:
    schedule = settings.CELERY_BEAT_SCHEDULE["open-challenge-week"]["schedule"]
    with time_machine.travel(NEXT_MONDAY + timedelta(seconds=30), tick=False):
        assert schedule.is_due(MONDAY + timedelta(seconds=1)).is_due  # type: ignore[attr-defined]
    with time_machine.travel(NEXT_MONDAY - timedelta(minutes=1), tick=False):
        assert not schedule.is_due(MONDAY + timedelta(seconds=1)).is_due  # type: ignore[attr-defined]


def test_it_opens_one_deal_per_week_however_often_beat_sends(db: None) -> None:
    with time_machine.travel(MONDAY, tick=False):
        assert open_challenge_week_task() == "2026-W49"
        assert open_challenge_week_task() == "2026-W49"
    challenge = Challenge.objects.get()
    assert (challenge.starts_at, challenge.ends_at) == (MONDAY, NEXT_MONDAY)


def test_it_scores_the_unfinished_entries_as_they_stand_when_the_week_rolls_over(
    host: User, player: User
) -> None:
    unfinished = entry_of(host, 4, chooser=1)
    finished = entry_of(player, 13, chooser=2)
    assert finished.status == GameStatus.FINISHED
    with time_machine.travel(NEXT_MONDAY, tick=False):
        assert open_challenge_week_task() == "2026-W50"
    unfinished.refresh_from_db()
    assert unfinished.status == GameStatus.CLOSED
    assert unfinished.finished_at == NEXT_MONDAY
    score = Seat.objects.get(game=unfinished).score
    assert score is not None and score["total"] >= 0
    assert Challenge.objects.get(week="2026-W49").scored_at == NEXT_MONDAY
    assert Challenge.objects.filter(week="2026-W50").exists()
