"""A missed live deadline is played by the autopilot on a real worker within 5 seconds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games import services
from games.models import Action, ActionSource, GameStatus, RoundTime
from tests.fixtures.worker import Worker

pytestmark = pytest.mark.django_db(transaction=True)

AUTOPILOT_PLAYED = r"Task games\.play_overdue\[.*\] succeeded.*: 2$"
# The round's end, also sent by the commit that played the round out: a no-op by then.
ROUND_END_SEEN = r"Task games\.advance_round\[.*\] succeeded.*: False$"
# The round began this long ago, so its deadline is a few seconds away.
BEGAN = timedelta(seconds=57)


def test_the_autopilot_plays_a_missed_live_turn_within_five_seconds_of_the_deadline(
    celery_worker: Worker, host: User, player: User
) -> None:
    mark = len(celery_worker.lines)
    began = timezone.now() - BEGAN
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_MINUTE, is_open=True, rated=False
    )
    game = services.join_game(game.pk, player, now=began)
    assert game.status == GameStatus.PLAYING and game.round_deadline is not None

    # No beat runs here, so no sweep: only the task sent for the deadline can play the turns.
    line = celery_worker.wait_for_line(AUTOPILOT_PLAYED, after=mark, timeout=30)
    # Then the worker is idle (round 2's deadline is a minute away): nothing of it outlives
    # the test.
    celery_worker.wait_for_line(ROUND_END_SEEN, after=celery_worker.lines.index(line, mark))

    played = Action.objects.filter(game=game, seat=0, round=1, source=ActionSource.AUTOPILOT)
    first = played.order_by("seq").first()
    assert first is not None
    late = first.created_at - game.round_deadline
    assert timedelta(0) <= late <= timedelta(seconds=5), late
    game.refresh_from_db()
    assert game.round == 2  # the table went on
