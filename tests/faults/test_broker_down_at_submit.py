"""The broker is down when the last player of a round submits: the move stands, the page answers,
and the periodic sweep ends the round once the broker is back."""

from __future__ import annotations

import logging
import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.engine_bridge import load_state
from games.models import Action, Game
from tests.deadlines.conftest import CaptureOnCommit, two_player_table
from tests.games.playing import any_legal_action, finish_turns, step_of

pytestmark = [pytest.mark.faults, pytest.mark.django_db]


def test_the_round_completing_move_is_kept_and_the_sweep_advances_the_round(
    client: Client, host: User, player: User, broker_down: None,
    django_capture_on_commit_callbacks: CaptureOnCommit, caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    game = two_player_table(host, player)
    rng = random.Random(5)
    game = finish_turns(game, rng, skip=(1,))
    client.force_login(player)
    logged = Action.objects.filter(game=game).count()

    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        notation = any_legal_action(load_state(game), 1, rng)
        response = client.post(
            f"/games/{game.pk}/play/", {"notation": notation, "step": step_of(game, player)}
        )
        while notation := any_legal_action(load_state(Game.objects.get(pk=game.pk)), 1, rng):
            services.submit_action(game.pk, player, notation, step_of(game, player))

    assert response.status_code == 302
    assert Action.objects.filter(game=game).count() > logged
    assert "could not enqueue games.advance_round" in caplog.text
    game.refresh_from_db()
    assert game.round == 1 and game.round_complete, "no worker heard of it"

    assert services.advance_complete_games() == 1
    game.refresh_from_db()
    assert game.round == 2 and not game.round_complete
    assert services.advance_complete_games() == 0, "nothing is applied twice"
