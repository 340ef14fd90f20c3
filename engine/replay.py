"""Rebuilding a game from its seed and its log of moves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import parse_action
from engine.errors import IllegalAction
from engine.rules import apply, new_game
from engine.state import GameState


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The state after the longest valid prefix of the moves, its length, and the first error."""

    state: GameState
    applied: int
    error: IllegalAction | None


def replay(seed: int, players: int, moves: Iterable[tuple[int | None, str]]) -> ReplayResult:
    """Apply ``(seat, notation)`` moves (seat None for system actions) to a new game in order.

    Stops at the first move that does not parse or is illegal.

    >>> r = replay(3, 2, [(None, "end")])
    >>> r.applied, str(r.error)
    (0, 'The round is not over yet: seats 0, 1 have not finished.')
    """
    state = new_game(seed, players)
    applied = 0
    for seat, text in moves:
        try:
            state, _ = apply(state, seat, parse_action(text))
        except IllegalAction as error:
            return ReplayResult(state, applied, error)
        applied += 1
    return ReplayResult(state, applied, None)
