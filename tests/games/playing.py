"""Drive games through the services in tests: pick any legal action for a seat, play rounds."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from django.contrib.auth.models import User

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game, RoundTime, Seat
from games.streams import publish


def table_of(*people: User, is_open: bool = True, seed: int | None = None) -> Game:
    """A table of ``people`` in play: the first opens it, the others join in turn. ``seed``
    deals a known game (the table starts as the last person joins)."""
    game = services.create_game(
        people[0], seats_wanted=len(people), round_minutes=RoundTime.ONE_DAY, is_open=is_open,
        rated=True,
    )  # fmt: skip
    if seed is not None:
        Game.objects.filter(pk=game.pk).update(seed=seed)
    for person in people[1:]:
        game = services.join_game(game.pk, person)
    return game


def any_legal_action(state: engine.GameState, seat: int, rng: random.Random) -> str | None:
    """The notation of a random legal action for ``seat``, or None when it has nothing to do."""
    todo = engine.pending(state, seat)
    if todo.kind is engine.PendingKind.TILE:
        slot = rng.choice([s for s in (0, 1) if engine.legal_placements(state, seat, s)])
        orientation, x, y = rng.choice(engine.legal_placements(state, seat, slot))
        return str(engine.PlaceTile(slot, orientation, x, y))
    if todo.kind is engine.PendingKind.SHEEP:
        return str(engine.PlaceSheep(*rng.choice(engine.legal_sheep_cells(state, seat))))
    if todo.kind is engine.PendingKind.BONUS:
        return str(engine.PlaceBonus(*rng.choice(engine.legal_cells(state, seat))))
    if todo.kind is engine.PendingKind.TOWER:
        return str(engine.PlaceTower(*rng.choice(engine.legal_cells(state, seat))))
    return None


def move_with_a_follow_up(state: engine.GameState, position: int) -> engine.PlaceTile:
    """A tile for ``position`` that leaves a follow-up (a sheep or a bonus tile) to place: a
    move of a turn not yet done, which nobody else may hear of (R4.2)."""
    for slot in (0, 1):
        for orientation, x, y in engine.legal_placements(state, position, slot):
            action = engine.PlaceTile(slot, orientation, x, y)
            after, _ = engine.apply(state, position, action)
            if engine.pending(after, position).kind is not engine.PendingKind.NONE:
                return action
    raise AssertionError("no tile of this deal leaves a follow-up")


def step_of(game: Game, user: User | None) -> int:
    """The step of ``user``'s seat: what their page would send with a move."""
    return Seat.objects.get(game_id=game.pk, user=user).step


def finish_turns(game: Game, rng: random.Random, *, skip: tuple[int, ...] = ()) -> Game:
    """Every seat (but ``skip``) plays until it has nothing left to do in this round.

    Stops at the end of the round even when the round ends at once (tasks run in-process).
    """
    round_ = game.round
    for seat in game.seats.order_by("position"):
        if seat.position in skip:
            continue
        while True:
            game.refresh_from_db()
            if game.round != round_ or game.status != "playing":
                break
            notation = any_legal_action(load_state(game), seat.position, rng)
            if notation is None:
                break
            assert seat.user is not None
            services.submit_action(game.pk, seat.user, notation, step_of(game, seat.user))
    game.refresh_from_db()
    return game


def play_round(game: Game, rng: random.Random) -> Game:
    """Every seat finishes its turn, then the round ends as the worker would end it."""
    game = finish_turns(game, rng)
    services.advance_complete_games()
    game.refresh_from_db()
    return game


def play_to_end(game: Game, rng: random.Random) -> Game:
    """Play whole rounds, and the towers step, until the game is over; bot seats play as the
    worker would have them play when each round starts."""
    while game.status == "playing":
        services.play_waiting_seats(game.pk, game.round)
        game = play_round(game, rng)
    return game


def work_after_commit(callbacks: Sequence[Callable[[], object]]) -> list[Callable[[], object]]:
    """The after-commit callbacks that hand work to the worker: all but the notes to open pages
    that a table changed (``games.streams.publish``)."""
    return [c for c in callbacks if getattr(c, "func", None) is not publish.send]
