"""At a round's deadline the autopilot plays every missing turn and the round moves on."""

from __future__ import annotations

import random
from datetime import timedelta

import time_machine
from django.contrib.auth.models import User

import engine
from engine import bots
from games import services
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource, Game, Seat
from games.models.outbox import Kind, OutboxMessage
from games.services.bots import AUTOPILOT_BOT, turn_seed
from tests.deadlines.conftest import START, CaptureOnCommit, two_player_table
from tests.factories import UserFactory
from tests.games.playing import finish_turns, step_of

DAY = timedelta(days=1)


def _autopilot_turns(game: Game) -> list[tuple[int | None, int]]:
    rows = Action.objects.filter(game=game, source=ActionSource.AUTOPILOT)
    return list(rows.values_list("seat", "round").distinct().order_by("round", "seat"))


def test_nothing_is_played_before_the_deadline(
    clock: time_machine.Coordinates, started: Game
) -> None:
    clock.shift(DAY - timedelta(minutes=1))
    assert services.sweep_deadlines() == services.Swept()
    assert not Action.objects.exists()


def test_the_autopilot_plays_the_missing_turn_and_the_round_advances(
    clock: time_machine.Coordinates, started: Game, player: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    finish_turns(started, random.Random(1), skip=(1,))  # Aoife plays, Brendan does not
    clock.shift(DAY + timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        swept = services.sweep_deadlines()

    assert swept.autopilot_turns == 1
    game = Game.objects.get(pk=started.pk)
    assert game.round == 2
    assert game.round_deadline == START + DAY + timedelta(minutes=1) + DAY
    assert _autopilot_turns(game) == [(1, 1)]
    brendan = Seat.objects.get(game=game, user=player)
    assert (brendan.autopilot_streak, brendan.absent, brendan.to_play) == (1, False, True)
    assert rebuild_state(game) == load_state(game)  # the log is still the whole truth


def test_autopilot_turns_replay_from_the_game_seed_round_and_seat(
    clock: time_machine.Coordinates, started: Game
) -> None:
    before = load_state(started)
    clock.shift(DAY)
    services.sweep_deadlines()

    # Neither seat played: the strong bot played both, with seeds anyone can recompute.
    for position in (0, 1):
        _, expected = bots.play_turn(
            AUTOPILOT_BOT, before, position, turn_seed(started.seed, 1, position)
        )
        logged = Action.objects.filter(game=started, seat=position, round=1)
        assert list(logged.values_list("notation", flat=True)) == [str(a) for a in expected]
        assert set(logged.values_list("source", flat=True)) == {ActionSource.AUTOPILOT}
        before = engine.replay(started.seed, 2, [(position, str(a)) for a in expected]).state


def test_a_second_sweep_plays_nothing_again(clock: time_machine.Coordinates, started: Game) -> None:
    clock.shift(DAY + timedelta(seconds=1))
    first = services.sweep_deadlines()
    second = services.sweep_deadlines()
    assert (first.autopilot_turns, second.autopilot_turns) == (2, 0)
    assert _autopilot_turns(started) == [(0, 1), (1, 1)]
    assert Game.objects.get(pk=started.pk).round == 2


def test_a_half_played_turn_is_finished_by_the_autopilot(
    clock: time_machine.Coordinates, started: Game, host: User
) -> None:
    state = load_state(started)
    placements = engine.legal_placements(state, 0, 0)
    orientation, x, y = placements[0]
    services.submit_action(
        started.pk, host, str(engine.PlaceTile(0, orientation, x, y)), step_of(started, host)
    )
    clock.shift(DAY)
    services.sweep_deadlines()
    game = Game.objects.get(pk=started.pk)
    assert game.round == 2
    assert engine.pending(load_state(game), 0).kind is engine.PendingKind.TILE


def test_the_last_round_and_the_towers_step_end_by_deadlines_alone(
    clock: time_machine.Coordinates, started: Game
) -> None:
    for _ in range(14):
        clock.shift(DAY)
        services.sweep_deadlines()
    game = Game.objects.get(pk=started.pk)
    assert game.status == "finished" and game.round_deadline is None
    assert sorted(rank or 0 for rank in game.seats.values_list("rank", flat=True)) in (
        [1, 2],
        [1, 1],
    )
    assert rebuild_state(game) == load_state(game)


def test_the_person_the_autopilot_played_for_gets_the_autopilot_mail(
    clock: time_machine.Coordinates, started: Game, host: User, player: User
) -> None:
    finish_turns(started, random.Random(1), skip=(1,))
    clock.shift(DAY)
    services.sweep_deadlines()
    mails = OutboxMessage.objects.filter(kind=Kind.AUTOPILOT)
    assert list(mails.values_list("user", "game", "round")) == [(player.pk, started.pk, 1)]


def test_a_complete_round_past_its_deadline_advances_without_a_new_version(
    clock: time_machine.Coordinates, started: Game
) -> None:
    game = finish_turns(started, random.Random(2))  # the "advance" message never ran
    clock.shift(DAY)
    assert services.sweep_deadlines().autopilot_turns == 0
    after = Game.objects.get(pk=game.pk)
    assert after.round == 2 and after.version == game.version + 1
    assert not Action.objects.filter(source=ActionSource.AUTOPILOT).exists()


def test_a_broken_table_does_not_hold_up_the_others(
    clock: time_machine.Coordinates, started: Game, host: User, player: User
) -> None:
    broken = two_player_table(host, UserFactory.create(username="Ciara"))
    Game.objects.filter(pk=broken.pk).update(state={"not": "a game"})
    clock.shift(DAY)
    assert services.sweep_deadlines().autopilot_turns == 2
    assert Game.objects.get(pk=started.pk).round == 2
    assert Game.objects.get(pk=broken.pk).round == 1
