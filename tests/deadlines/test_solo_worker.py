"""A person plays a whole game against four bots; the real worker on Redis plays every bot turn."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User

from games import services
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource, Game, GameStatus, RoundTime
from tests.fixtures.worker import Worker
from tests.games.playing import any_legal_action, step_of

pytestmark = pytest.mark.django_db(transaction=True)

BOTS_PLAYED = r"Task games\.play_waiting_seats\[.*\] succeeded"
ROUND_ENDED = r"Task games\.advance_round\[.*\] succeeded.*: True"


def _next_line(worker: Worker, pattern: str, after: int) -> int:
    """Wait for the worker's next line matching ``pattern``; the index just past it."""
    line = worker.wait_for_line(pattern, after=after, timeout=60)
    return worker.lines.index(line, after) + 1


def _play_my_turn(game: Game, person: User, rng: random.Random) -> Game:
    while True:
        game.refresh_from_db()
        notation = any_legal_action(load_state(game), 0, rng)
        if notation is None or game.status != GameStatus.PLAYING:
            return game
        services.submit_action(game.pk, person, notation, step_of(game, person))


def test_a_solo_game_against_four_bots_runs_to_the_end_on_the_worker(
    celery_worker: Worker, host: User
) -> None:
    rng = random.Random(11)
    mark = len(celery_worker.lines)
    game = services.create_game(
        host, seats_wanted=5, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False,
        bots=["easy", "medium", "easy", "medium"],
    )  # fmt: skip
    assert game.status == GameStatus.PLAYING

    for _ in range(game.seats.count() * 3):  # 10 rounds and the towers step, with room to spare
        # Each round starts with the worker playing the four bots' turns.
        mark = _next_line(celery_worker, BOTS_PLAYED, mark)
        game = _play_my_turn(game, host, rng)
        if game.status == GameStatus.FINISHED:
            break
        # The person played last, so their turn completed the round: the worker ends it (the
        # end of the last round may end the game itself, when nobody earned a tower).
        mark = _next_line(celery_worker, ROUND_ENDED, mark)
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert rebuild_state(game) == load_state(game)
    by_bots = Action.objects.filter(game=game, seat__in=[1, 2, 3, 4])
    assert set(by_bots.values_list("source", flat=True)) == {ActionSource.PLAYER}
    assert not game.seats.filter(to_play=True).exists()
