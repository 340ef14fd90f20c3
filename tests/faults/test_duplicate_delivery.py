"""The broker delivers a round's "advance" message twice: the real worker ends the round once."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from engine import EndRound
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource
from tests.deadlines.conftest import two_player_table
from tests.fixtures.worker import Worker
from tests.games.playing import finish_turns
from tipperary_site.enqueue import enqueue

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

ADVANCED = r"games\.advance_round\[.*\] succeeded in [0-9.e-]+s: (True|False)"


def test_a_round_end_delivered_twice_ends_the_round_once(
    celery_worker: Worker, host: User, player: User
) -> None:
    game = two_player_table(host, player)
    seen = len(celery_worker.lines)
    with transaction.atomic():
        game = finish_turns(game, random.Random(6))
        enqueue("games.advance_round", game.pk, 1)  # the same message, once more

    results = []
    for _ in range(2):
        line = celery_worker.wait_for_line(ADVANCED, after=seen)
        seen = celery_worker.lines.index(line, seen) + 1
        results.append(line.rstrip().rsplit(" ", 1)[-1])
    assert sorted(results) == ["False", "True"]

    game.refresh_from_db()
    assert game.round == 2
    ends = Action.objects.filter(game=game, source=ActionSource.SYSTEM, round=1)
    assert list(ends.values_list("notation", flat=True)) == [str(EndRound())]
    assert rebuild_state(game) == load_state(game)
