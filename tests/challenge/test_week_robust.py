"""The challenge week holds whatever message is lost: no move after its end, no autopilot in an
entry, the minute sweep scores and opens weeks once, a departed entrant's entry never ranks."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.services import delete_account
from games import services
from games.challenge import entries
from games.challenge.results import week_board
from games.engine_bridge import load_state
from games.models import Action, ActionSource, Game, GameStatus, Seat, SeatKind
from games.models.challenge import Challenge
from games.services import GameError
from tests.challenge.weeks import NEXT_MONDAY, SEED, TUESDAY, entry_of
from tests.games.playing import any_legal_action, step_of

OVER = (
    "This week's challenge is over: week 49 ended on Monday 7 December at 00:00 UTC, "
    "and your entry counts as it stood then."
)


def _move(game: Game) -> str:
    """A legal move of the entrant in the round their entry is in."""
    notation = any_legal_action(load_state(game), 0, random.Random(1))
    assert notation is not None
    return notation


def test_it_refuses_a_move_once_the_week_is_over_and_changes_nothing(host: User) -> None:
    game = entry_of(host, 2, chooser=1)
    notation, step = _move(game), step_of(game, host)
    before = (game.version, game.state, Action.objects.filter(game=game).count())
    with pytest.raises(GameError) as refused:
        services.submit_action(game.pk, host, notation, step, now=NEXT_MONDAY)
    assert str(refused.value) == OVER
    game.refresh_from_db()
    assert (game.version, game.state, Action.objects.filter(game=game).count()) == before


def test_it_still_takes_a_move_in_the_last_minute_of_the_week(host: User) -> None:
    game = entry_of(host, 2, chooser=1)
    played = Action.objects.filter(game=game).count()
    last_minute = NEXT_MONDAY - timedelta(minutes=1)
    services.submit_action(game.pk, host, _move(game), step_of(game, host), now=last_minute)
    assert Action.objects.filter(game=game).count() == played + 1


def test_it_says_the_week_is_over_once_the_sweep_has_scored_it(host: User) -> None:
    game = entry_of(host, 2, chooser=1)
    notation, step = _move(game), step_of(game, host)
    entries.score_week(game.challenge_id or 0, NEXT_MONDAY)
    with pytest.raises(GameError) as refused:
        services.submit_action(game.pk, host, notation, step, now=NEXT_MONDAY)
    assert str(refused.value) == OVER


def test_it_shows_the_player_why_their_late_move_was_refused(client: Client, host: User) -> None:
    game = entry_of(host, 2, chooser=1)
    client.force_login(host)
    move = {"notation": _move(game), "step": step_of(game, host), "round": game.round}
    with time_machine.travel(NEXT_MONDAY + timedelta(seconds=5), tick=False):
        response = client.post(reverse("games:act", args=[game.pk]), move)
    assert response.status_code == 400
    assert "This week&#x27;s challenge is over: week 49 ended" in response.content.decode()


def test_it_never_has_the_autopilot_play_an_entry_its_entrant_leaves_for_days(
    host: User,
) -> None:
    game = entry_of(host, 2, chooser=1)
    assert game.round_deadline is None
    for day in range(1, 10):
        services.sweep_deadlines(now=TUESDAY + timedelta(days=day))
    assert not Action.objects.filter(game=game, source=ActionSource.AUTOPILOT).exists()
    game.refresh_from_db()
    assert game.round == 3


def test_the_sweep_opens_this_weeks_deal_on_a_fresh_site_and_then_does_nothing(
    db: None,
) -> None:
    first = entries.keep_weeks(TUESDAY)
    assert first == entries.Kept("2026-W49", opened=True, scored=0, bots=4)
    challenge = Challenge.objects.get()
    assert entries.current_week(TUESDAY) == challenge
    assert Game.objects.filter(challenge=challenge, status=GameStatus.FINISHED).count() == 4
    before = (Challenge.objects.count(), Game.objects.count(), Action.objects.count())
    assert entries.keep_weeks(TUESDAY + timedelta(minutes=1)) == entries.Kept("2026-W49")
    assert (Challenge.objects.count(), Game.objects.count(), Action.objects.count()) == before


def test_the_sweep_scores_a_week_whose_monday_message_was_lost_and_opens_the_next(
    host: User, player: User
) -> None:
    unfinished = entry_of(host, 4, chooser=1)
    finished = entry_of(player, 13, chooser=2)
    wednesday = NEXT_MONDAY + timedelta(days=2)  # no Monday message ever came
    assert entries.keep_weeks(wednesday) == entries.Kept("2026-W50", True, scored=1, bots=4)
    unfinished.refresh_from_db()
    assert (unfinished.status, unfinished.finished_at) == (GameStatus.CLOSED, NEXT_MONDAY)
    assert Seat.objects.get(game=unfinished).score is not None
    week = Challenge.objects.get(week="2026-W49")
    assert week.scored_at == wednesday
    assert [row.seat.game_id for row in week_board(week, host).rows] == [finished.pk, unfinished.pk]
    assert entries.keep_weeks(wednesday + timedelta(minutes=1)) == entries.Kept("2026-W50")
    assert Challenge.objects.get(week="2026-W49").scored_at == wednesday


def test_it_scores_a_week_once_however_many_sweeps_ask(host: User) -> None:
    game = entry_of(host, 4, chooser=1)
    assert game.challenge_id is not None
    assert not entries.score_week(game.challenge_id, NEXT_MONDAY - timedelta(seconds=1))
    assert entries.score_week(game.challenge_id, NEXT_MONDAY)
    assert not entries.score_week(game.challenge_id, NEXT_MONDAY + timedelta(minutes=1))
    assert Challenge.objects.get(pk=game.challenge_id).scored_at == NEXT_MONDAY


def test_a_deleted_account_s_unfinished_entry_is_withdrawn_not_finished_by_the_autopilot(
    host: User, player: User
) -> None:
    gone = entry_of(host, 2, chooser=1)
    entry_of(player, 13, chooser=2)
    delete_account(host)
    for day in range(1, 6):
        services.sweep_deadlines(now=TUESDAY + timedelta(days=day))
        services.advance_complete_games(now=TUESDAY + timedelta(days=day))
    gone.refresh_from_db()
    assert gone.status == GameStatus.CLOSED
    assert not Action.objects.filter(game=gone, source=ActionSource.AUTOPILOT).exists()
    entries.open_week(NEXT_MONDAY, seed=SEED)  # the week is scored
    board = week_board(Challenge.objects.get(week="2026-W49"), player)
    assert [row.seat.user_id for row in board.rows] == [player.pk]


def test_a_deleted_account_s_finished_entry_stays_in_the_results(host: User, player: User) -> None:
    done = entry_of(host, 13, chooser=1)
    delete_account(host)
    done.refresh_from_db()
    assert done.status == GameStatus.FINISHED
    entries.open_week(NEXT_MONDAY, seed=SEED)  # the week is scored
    board = week_board(Challenge.objects.get(week="2026-W49"), player)
    assert [row.seat.game_id for row in board.rows] == [done.pk]
    assert Seat.objects.get(game=done).kind == SeatKind.PERSON
