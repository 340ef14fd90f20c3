"""The one place that writes a game's state, its log, its versions, and what follows after commit.

It alone moves a table through its life: :func:`begin_play` starts one (a table whose players
are seated, or a challenge entry), :func:`save_state` finishes one when the engine says the game
is over, and :func:`close` ends one that will not be played to the end (nobody came, everyone
left, a challenge week ended or its player left the site).

Two counters tell who must look again, and neither counts actions (that would leak hidden
turns, R4.2):

- ``Game.version`` rises only when something *every viewer* may see changes: a seat becomes
  done, a round or the towers step begins, the game ends, a seat's autopilot standing changes,
  a forming table gains or loses a player.
- ``Seat.step`` rises only when *that seat's own* situation changes: its own actions, the
  autopilot's for it, a new round. A submit is stale only when its seat's step moved on, so
  other players' moves never refuse yours.

Open pages hear of every change once the transaction commits (``games.streams.publish``).
Work for the worker is enqueued by task name once the transaction commits
(:func:`tipperary_site.enqueue.enqueue`); a broker that does not answer is logged and left to the
periodic sweeps, never turned into a failed move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from datetime import datetime

from django.contrib.auth.models import User
from django.db.models import Case, F, PositiveIntegerField, Q, Value, When
from django.utils.translation import gettext as _

import engine
from games.models import (
    Action,
    ActionSource,
    Game,
    GameStatus,
    PieceKind,
    PlacedPiece,
    Seat,
    SeatKind,
)
from games.notifications.write import notify_game_finished
from games.services.errors import GameError
from games.streams.publish import table_changed
from tipperary_site.enqueue import enqueue


def locked_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends; a missing table is a player's error."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise GameError(_("There is no such table.")) from None


def lock_person(user_id: int) -> None:
    """Hold the person's row until the transaction ends, so their limits (messages, mutes,
    tables, invitations) are counted one request at a time, whatever table each is about.
    Take it after the game's row, as every service locks."""
    User.objects.select_for_update().filter(pk=user_id).values_list("pk").first()


def append_action(
    game: Game,
    seat: int | None,
    notation: str,
    source: ActionSource,
    round_: int,
    *,
    events: Iterable[engine.Event],
) -> None:
    """Add one entry at the end of the game's log (the caller holds the game lock), and the
    piece its ``events`` put into a county, if any; a turn taken back takes its pieces out."""
    last = game.actions.order_by("-seq").values_list("seq", flat=True).first()
    seq = 1 if last is None else last + 1
    Action.objects.create(
        game=game, seq=seq, seat=seat, round=round_, notation=notation, source=source
    )
    placed = engine.placed_piece(events)
    if placed is not None:
        piece_row(game.pk, seq, round_, placed).save(force_insert=True)
    for undone in (e for e in events if isinstance(e, engine.TurnUndone)):
        began = game.actions.filter(seat=None).order_by("-seq").values_list("seq").first()
        pieces = PlacedPiece.objects.filter(game=game, seat=undone.seat)
        pieces.filter(seq__gt=began[0] if began else 0).delete()


def piece_row(game_id: int, seq: int, round_: int, placed: engine.Placed) -> PlacedPiece:
    """The row of a piece the action ``seq`` of round ``round_`` placed (not saved)."""
    return PlacedPiece(
        game_id=game_id,
        seat=placed.seat,
        round=round_,
        seq=seq,
        kind=PieceKind(placed.kind.value),
        piece_id=placed.piece_id,
        orientation=placed.orientation,
        cells=[list(xy) for xy in placed.cells],
        landscapes=[str(landscape) for landscape in placed.landscapes],
    )


def _public(state: engine.GameState) -> tuple[object, ...]:
    """What every viewer may see of a state during a round: its round, its phase, who is done."""
    return (state.round, state.phase, tuple(seat.turn_done for seat in state.seats))


def _moved_seats(before: engine.GameState | None, after: engine.GameState) -> list[int]:
    """The seats whose own situation differs between two states."""
    if before is None or (before.round, before.phase) != (after.round, after.phase):
        return list(range(after.players))
    return [i for i in range(after.players) if before.seats[i] != after.seats[i]]


def save_state(
    game: Game,
    before: engine.GameState | None,
    after: engine.GameState,
    now: datetime,
    *,
    public: bool = False,
) -> None:
    """Write ``after`` as the game's state and everything derived from it.

    ``before`` is the state the change started from (None when the game starts); ``public``
    says the caller changed something every viewer sees besides the state (an autopilot streak).
    """
    game.state = after.to_dict()
    if public or before is None or _public(before) != _public(after):
        game.version += 1
    if after.phase is engine.Phase.FINISHED:
        _finish(game, after, now)
    game.round_complete = after.phase is engine.Phase.PLAYING and engine.round_complete(after)
    game.save()
    _refresh_seats(game, after, moved=_moved_seats(before, after))
    # Every change, a hidden move too: the mover's own pages look again; everyone else's
    # stream reads an unchanged token and sends nothing.
    table_changed(game.pk)
    if game.round_complete:
        enqueue("games.advance_round", game.pk, game.round)


def _refresh_seats(game: Game, state: engine.GameState, *, moved: list[int]) -> None:
    """One UPDATE: each seat's ``to_play`` in step with the engine, and the ``step`` of the
    seats in ``moved`` one further."""
    playing = game.status == GameStatus.PLAYING
    to_play = [
        position
        for position in range(state.players)
        if playing and engine.pending(state, position).kind is not engine.PendingKind.NONE
    ]
    Seat.objects.filter(game=game).update(
        # Bot seats are played by the worker right away: nobody is ever "waiting on" a bot.
        to_play=Case(
            When(Q(position__in=to_play) & ~Q(kind=SeatKind.BOT), then=Value(True)),
            default=Value(False),
        ),
        step=Case(
            When(position__in=moved, then=F("step") + 1),
            default=F("step"),
            output_field=PositiveIntegerField(),
        ),
    )


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
    if game.rated:
        enqueue("games.rate_game", game.pk)
    if game.tournament_id is not None:  # the event seats its next round once this one is over
        enqueue("games.tournament_round_over", game.tournament_id, game.tournament_round)


def begin_play(game: Game, state: engine.GameState, now: datetime, *, deadline: bool) -> None:
    """Start ``game`` (its seats taken) from the engine's first ``state``; ``deadline`` says
    whether its rounds have one (a challenge entry, played alone, has none)."""
    game.status = GameStatus.PLAYING
    game.started_at = now
    game.round = state.round
    game.round_started_at = now
    game.round_deadline = now + game.round_length if deadline else None
    game.round_complete = False
    save_state(game, None, state, now)


def close(game: Game, now: datetime, *, scores: dict[int, dict[str, int]] | None = None) -> None:
    """End ``game`` (locked by the caller) before the engine finished it: nobody plays it on.

    A table in play keeps its moves; ``scores`` (per position) are written when its standing
    still counts (a challenge entry scored as it stands), with no rank."""
    was_playing = game.status == GameStatus.PLAYING
    game.status = GameStatus.CLOSED
    game.round_deadline = None
    if was_playing:
        game.finished_at = now
    publish(game, "status", "finished_at", "round_deadline")
    if not was_playing:
        return
    game.seats.update(to_play=False)
    for position, score in (scores or {}).items():
        game.seats.filter(position=position).update(score=score, rank=None)


def publish(game: Game, *fields: str) -> None:
    """Save ``fields`` of a table with a change every viewer sees (a join, a leave, a close)."""
    game.version += 1
    game.save(update_fields=[*fields, "version"])
    table_changed(game.pk)
