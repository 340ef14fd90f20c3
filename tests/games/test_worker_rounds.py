"""With a real worker on Redis: when the last player finishes, the next round appears by itself."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Action, Game
from tests.fixtures.worker import Worker
from tests.games.playing import finish_turns

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_worker_advances_the_round_after_the_last_turn(
    celery_worker: Worker, client: Client, host: User, started: Game
) -> None:
    mark = len(celery_worker.lines)
    finish_turns(started, random.Random(6))
    celery_worker.wait_for_line(r"Task games\.advance_round\[.*\] succeeded.*: True", after=mark)

    game = Game.objects.get(pk=started.pk)
    assert game.round == 2 and not game.round_complete
    assert Action.objects.filter(game=game, seat=None, notation="end").count() == 1
    client.force_login(host)
    assert "Round 2 of 12" in client.get(f"/games/{game.pk}/").content.decode()
