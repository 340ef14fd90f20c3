"""Playing a started game: one player's action, the end of a round, the end of the game.

Every service here is one transaction that locks the game row, checks what the caller saw
(``expected_version``), asks the engine, appends to the log, and bumps ``version``. Work for
the worker is enqueued with ``delay_on_commit`` so nothing is sent for a rolled-back change.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

import engine
from games.engine_bridge import load_state
from games.models import Action, ActionSource, Game, GameStatus, Seat, SeatKind
from games.notifications.write import notify_game_finished, notify_new_round
from games.services.errors import GameError, NotAllowed, StaleVersion


@dataclass(frozen=True)
class Played:
    """What a submitted action did: the game row after it and the engine's events."""

    game: Game
    events: tuple[object, ...]


def locked_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends; a missing table is a player's error."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise GameError("There is no such table.") from None


def refresh_seats(game: Game, state: engine.GameState) -> None:
    """Keep each seat's ``to_play`` flag in step with the engine (one UPDATE per value)."""
    playing = game.status == GameStatus.PLAYING
    to_play = [
        position
        for position in range(state.players)
        if playing and engine.pending(state, position).kind is not engine.PendingKind.NONE
    ]
    seats = Seat.objects.filter(game=game)
    # Bot seats are played by the worker right away: nobody is ever "waiting on" a bot.
    seats.filter(position__in=to_play).exclude(kind=SeatKind.BOT).update(to_play=True)
    seats.exclude(position__in=to_play).update(to_play=False)


def _append(game: Game, seat: int | None, notation: str, source: ActionSource, round_: int) -> None:
    last = game.actions.order_by("-seq").values_list("seq", flat=True).first()
    Action.objects.create(
        game=game,
        seq=1 if last is None else last + 1,
        seat=seat,
        round=round_,
        notation=notation,
        source=source,
    )


def _save_state(game: Game, state: engine.GameState, now: datetime) -> None:
    """Write the new state and everything derived from it, then schedule what follows."""
    game.state = state.to_dict()
    game.version += 1
    if state.phase is engine.Phase.FINISHED:
        _finish(game, state, now)
    game.round_complete = state.phase is engine.Phase.PLAYING and engine.round_complete(state)
    game.save()
    refresh_seats(game, state)
    if game.round_complete:
        from games.tasks import advance_round_task

        advance_round_task.delay_on_commit(game.pk, game.round)


def _finish(game: Game, state: engine.GameState, now: datetime) -> None:
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.round_deadline = None
    ranks = {standing.seat: standing.rank for standing in engine.final_ranking(state)}
    for seat in game.seats.all():
        seat.rank = ranks[seat.position]
        seat.score = asdict(engine.score(state, seat.position))
        seat.to_play = False
        seat.save(update_fields=["rank", "score", "to_play"])
    notify_game_finished(game, now=now)


@transaction.atomic
def submit_action(
    game_id: int,
    user: User,
    notation: str,
    expected_version: int,
    *,
    now: datetime | None = None,
    source: ActionSource = ActionSource.PLAYER,
) -> Played:
    """Apply one action of the person's own seat, or refuse it and change nothing."""
    game = locked_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAllowed("You have no seat at this table.")
    if game.status != GameStatus.PLAYING:
        raise GameError("This game is not in play.")
    if expected_version != game.version:
        raise StaleVersion(game.version)
    state = load_state(game)
    action = engine.parse_action(notation)
    new_state, events = engine.apply(state, seat.position, action)
    _append(game, seat.position, str(action), source, state.round)
    if source == ActionSource.PLAYER and (seat.autopilot_streak or seat.absent):
        # Playing a turn takes the seat back from the autopilot.
        seat.autopilot_streak, seat.absent = 0, False
        seat.save(update_fields=["autopilot_streak", "absent"])
    _save_state(game, new_state, now or timezone.now())
    return Played(game, tuple(events))


@transaction.atomic
def advance_round(game_id: int, round_: int, *, now: datetime | None = None) -> bool:
    """End round ``round_`` if the game is still in it and every seat is done.

    Safe to run any number of times: a second run finds the round already advanced and does
    nothing. Returns whether it advanced the game.
    """
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.status != GameStatus.PLAYING or game.round != round_:
        return False
    state = load_state(game)
    if state.phase is not engine.Phase.PLAYING or not engine.round_complete(state):
        return False
    now = now or timezone.now()
    new_state, _ = engine.apply(state, None, engine.EndRound())
    _append(game, None, str(engine.EndRound()), ActionSource.SYSTEM, round_)
    game.round = new_state.round
    game.round_started_at = now
    game.round_deadline = now + game.round_length
    _save_state(game, new_state, now)
    notify_new_round(game, now=now)
    from games.services.bots import round_started

    round_started(game)
    return True


def advance_complete_games(*, now: datetime | None = None) -> int:
    """Advance every game whose round is complete but was left unadvanced; returns how many."""
    advanced = 0
    stuck = Game.objects.filter(status=GameStatus.PLAYING, round_complete=True)
    for game_id, round_ in stuck.values_list("pk", "round"):
        advanced += advance_round(game_id, round_, now=now)
    return advanced
