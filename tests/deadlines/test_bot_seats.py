"""Bot seats: the create form fills them, the worker plays them as each round starts."""

from __future__ import annotations

import random

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource, Game, GameStatus, RoundTime, SeatKind
from tests.deadlines.conftest import CaptureOnCommit
from tests.games.playing import any_legal_action, step_of, work_after_commit


def _solo(host: User, bots: list[str]) -> Game:
    return services.create_game(
        host, seats_wanted=len(bots) + 1, round_minutes=RoundTime.ONE_DAY, is_open=False,
        rated=False, bots=bots,
    )  # fmt: skip


def test_the_create_form_seats_bots_and_a_full_table_starts(
    client: Client, host: User, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    client.force_login(host)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(
            "/games/new/",
            {"seats_wanted": "3", "round_minutes": "1440", "is_open": "1", "rated": "on",
             "allow_vacation": "on", "bot_1": "easy", "bot_2": "easy"},
        )  # fmt: skip
    game = Game.objects.get()
    assert response.status_code == 302 and game.status == GameStatus.PLAYING
    seats = list(game.seats.values_list("kind", "bot", "user"))
    assert seats == [(SeatKind.PERSON, "", host.pk), (SeatKind.BOT, "easy", None),
                     (SeatKind.BOT, "easy", None)]  # fmt: skip
    # The bots' turns were left to a task, run once the request's transaction committed.
    assert len(work_after_commit(callbacks)) == 1
    state = load_state(game)
    assert [engine.pending(state, p).kind for p in (1, 2)] == [engine.PendingKind.NONE] * 2
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Easy bot" in page


def test_a_table_with_some_bots_waits_for_people(client: Client, host: User) -> None:
    client.force_login(host)
    client.post(
        "/games/new/",
        {"seats_wanted": "4", "round_minutes": "1440", "is_open": "1", "bot_1": "expert"},
    )  # fmt: skip
    game = Game.objects.get()
    assert game.status == GameStatus.FORMING
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Expert bot" in page and "Seats (2 of 4)" in page


def test_the_form_keeps_a_seat_for_its_person(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/",
        {"seats_wanted": "3", "round_minutes": "1440", "is_open": "1", "bot_1": "easy",
         "bot_2": "easy", "bot_3": "easy"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "A table of 3 players has no seat 4" in response.content.decode()
    assert not Game.objects.exists()


def test_unknown_bots_are_refused(host: User) -> None:
    with pytest.raises(services.GameError, match="no bot"):
        _solo(host, ["grandmaster"])


def test_bot_seats_are_never_waited_on_and_log_as_players(
    host: User, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = _solo(host, ["easy", "medium"])
    assert list(game.seats.values_list("to_play", flat=True)) == [True, False, False]
    sources = set(
        Action.objects.filter(game=game, seat__in=[1, 2]).values_list("source", flat=True)
    )
    assert sources == {ActionSource.PLAYER}
    # Running the task again plays nothing twice.
    assert services.play_waiting_seats(game.pk, 1) == 0


def test_a_person_plays_a_whole_game_against_four_bots(
    clock: time_machine.Coordinates, host: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    rng = random.Random(8)
    with django_capture_on_commit_callbacks(execute=True):
        game = _solo(host, ["easy", "medium", "easy", "medium"])
    for _ in range(200):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        notation = any_legal_action(load_state(game), 0, rng)
        assert notation is not None, "the bots never leave the person waiting"
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(game.pk, host, notation, step_of(game, host))
    assert game.status == GameStatus.FINISHED
    assert rebuild_state(game) == load_state(game)
    assert not Action.objects.filter(game=game, source=ActionSource.AUTOPILOT).exists()
