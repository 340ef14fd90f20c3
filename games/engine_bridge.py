"""The one place the site turns database rows into engine states and back."""

from __future__ import annotations

import engine
from games.models import Action, Game


def load_state(game: Game) -> engine.GameState:
    """The cached engine state of a started game."""
    if game.state is None:
        raise ValueError(f"{game} has not started.")
    return engine.GameState.from_dict(game.state)


def log_moves(game: Game) -> list[tuple[int | None, str]]:
    """The game's log as the engine's ``(seat, notation)`` moves, in order."""
    return list(Action.objects.filter(game=game).order_by("seq").values_list("seat", "notation"))


def rebuild_state(game: Game) -> engine.GameState:
    """Recompute the state from the seed and the log; raises if the log does not replay."""
    players = game.seats.count()
    result = engine.replay(game.seed, players, log_moves(game), engine.Variant(game.variant))
    if result.error is not None:
        raise ValueError(f"{game} log fails at move {result.applied + 1}: {result.error}")
    return result.state
