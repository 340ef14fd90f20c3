"""Playing a started table through the services (R4 flows), with the log as the truth."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.contrib.auth.models import User

import engine
from games import services
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource, Game, GameStatus, Seat
from tests.games.playing import (
    any_legal_action,
    finish_turns,
    move_with_a_follow_up,
    play_round,
    step_of,
    work_after_commit,
)

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]


def _first_move(game: Game, position: int) -> str:
    notation = any_legal_action(load_state(game), position, random.Random(1))
    assert notation is not None
    return notation


def test_a_legal_tile_placement_is_logged_and_moves_only_that_seat_on(
    started: Game, host: User, player: User
) -> None:
    notation = _first_move(started, 0)
    played = services.submit_action(started.pk, host, notation, step_of(started, host))
    assert any(isinstance(e, engine.TilePlaced) for e in played.events)
    logged = Action.objects.get(game=started)
    assert (logged.seq, logged.seat, logged.round, logged.notation, logged.source) == (
        1, 0, 1, notation, ActionSource.PLAYER,
    )  # fmt: skip
    steps = dict(Seat.objects.filter(game=started).values_list("position", "step"))
    assert steps == {0: 2, 1: 1}  # the start moved both seats on; the move only the host's


def test_an_illegal_placement_or_text_that_is_no_move_is_refused_and_changes_nothing(
    started: Game, host: User
) -> None:
    # R3: the hometown's own cells are occupied, so a tile there overlaps it.
    with pytest.raises(engine.IllegalAction, match="overlap"):
        services.submit_action(started.pk, host, "t0 o0 0,0", step_of(started, host))
    with pytest.raises(engine.InvalidNotation):
        services.submit_action(started.pk, host, "place it anywhere", step_of(started, host))
    game = Game.objects.get(pk=started.pk)
    assert (game.version, game.state) == (started.version, started.state)
    assert step_of(game, host) == 1
    assert not Action.objects.exists()


def test_a_stale_or_repeated_submit_never_applies_twice(started: Game, host: User) -> None:
    notation = _first_move(started, 0)
    seen = step_of(started, host)
    services.submit_action(started.pk, host, notation, seen)
    with pytest.raises(services.StaleTurn, match="nothing was placed") as refused:
        services.submit_action(started.pk, host, notation, seen)
    assert refused.value.current == seen + 1
    assert Action.objects.count() == 1


def test_another_players_moves_never_make_yours_stale(
    started: Game, host: User, player: User
) -> None:
    """R4.2: turns are simultaneous; the host's page drawn before the player moved still works."""
    seen = step_of(started, host)
    finish_turns(started, random.Random(3), skip=(0,))
    services.submit_action(started.pk, host, _first_move(started, 0), seen)
    assert Action.objects.filter(seat=0).count() == 1


def test_the_version_rises_only_with_what_everyone_sees(
    started: Game, host: User, player: User
) -> None:
    """R4.2: a move that does not finish a turn changes nothing others see; finishing does."""
    state = load_state(started)
    follow_up = str(move_with_a_follow_up(state, 1))
    seen = started.version
    services.submit_action(started.pk, player, follow_up, step_of(started, player))
    assert Game.objects.get(pk=started.pk).version == seen
    finish_turns(started, random.Random(4), skip=(0,))
    assert Game.objects.get(pk=started.pk).version == seen + 1


def test_outsiders_cannot_act(started: Game, outsider: User) -> None:
    with pytest.raises(services.NotAllowed, match="no seat"):
        services.submit_action(started.pk, outsider, "t0 o0 5,5", 0)


def test_the_last_seat_done_schedules_the_round_end_after_commit(
    started: Game, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    rng = random.Random(2)
    finish_turns(started, rng, skip=(1,))
    started.refresh_from_db()
    assert not started.round_complete
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        finish_turns(started, rng)
    game = Game.objects.get(pk=started.pk)
    # R4.3-4: the worker's task ran the sheep phase, refilled, spun and began round 2. Besides
    # it, only notes to open pages ("the table changed") wait for the commit.
    assert len(work_after_commit(callbacks)) == 1
    assert game.round == 2 and not game.round_complete
    assert Action.objects.filter(game=game, seat=None).get().notation == "end"
    assert set(game.seats.values_list("to_play", flat=True)) == {True}


def test_advancing_twice_is_a_no_op(started: Game) -> None:
    game = finish_turns(started, random.Random(3))
    assert game.round_complete
    assert services.advance_round(game.pk, 1) is True
    assert services.advance_round(game.pk, 1) is False
    assert Action.objects.filter(game=game, seat=None).count() == 1


def test_an_incomplete_round_does_not_advance(started: Game) -> None:
    assert services.advance_round(started.pk, 1) is False
    assert Game.objects.get(pk=started.pk).round == 1


def test_the_sweep_advances_a_complete_round_whose_message_was_lost(started: Game) -> None:
    game = finish_turns(started, random.Random(4))
    assert services.advance_complete_games() == 1
    assert services.advance_complete_games() == 0
    game.refresh_from_db()
    assert game.round == 2


def test_a_whole_game_finishes_with_ranks_and_rebuilds_from_its_log(started: Game) -> None:
    rng = random.Random(5)
    game = started
    rebuilt_midway = False
    while game.status == GameStatus.PLAYING:
        game = finish_turns(game, rng)
        if game.round == 6 and not rebuilt_midway:
            assert rebuild_state(game) == load_state(game)
            rebuilt_midway = True
        game = play_round(game, rng)
    assert game.status == GameStatus.FINISHED and game.finished_at is not None
    state = load_state(game)
    assert state.phase is engine.Phase.FINISHED
    assert rebuild_state(game) == state
    seats = list(game.seats.order_by("position"))
    for seat in seats:
        assert seat.score is not None and seat.rank is not None
        assert seat.score["total"] == engine.score(state, seat.position).total
        assert not seat.to_play
    best = max(s.score["total"] for s in seats if s.score)
    assert {s.rank for s in seats if s.score and s.score["total"] == best} == {1}
