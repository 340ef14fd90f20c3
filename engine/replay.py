"""Rebuilding a game from its seed and its log of moves, one step at a time."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.actions import Action, parse_action
from engine.errors import ActionError
from engine.events import Event
from engine.rules import apply, new_game
from engine.state import GameState
from engine.variants import Variant


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a log applied: who made it, the action, the states around it, its events.

    ``index`` counts the moves from 0, in log order.
    """

    index: int
    seat: int | None
    action: Action
    before: GameState
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The state after the longest valid prefix of the moves, its length, and the first error
    (:class:`~engine.errors.InvalidNotation` for a move it cannot read,
    :class:`~engine.errors.IllegalAction` for one the rules refuse)."""

    state: GameState
    applied: int
    error: ActionError | None


def steps_from(state: GameState, moves: Iterable[tuple[int | None, str]]) -> Iterator[Step]:
    """Apply ``(seat, notation)`` moves to ``state`` in order, yielding each :class:`Step`.

    Raises :class:`~engine.errors.InvalidNotation` at the first move that does not parse, or
    :class:`~engine.errors.IllegalAction` at the first that is illegal, after yielding every
    step before it.

    >>> from engine.rules import new_game
    >>> [s.index for s in steps_from(new_game(3, 2), [])]
    []
    """
    for index, (seat, text) in enumerate(moves):
        action = parse_action(text)
        after, events = apply(state, seat, action)
        yield Step(index, seat, action, state, after, tuple(events))
        state = after


def steps(
    seed: int,
    players: int,
    moves: Iterable[tuple[int | None, str]],
    variant: Variant = Variant.STANDARD,
) -> Iterator[Step]:
    """Every step of a game played from its seed: :func:`steps_from` a new game.

    >>> [type(e).__name__ for e in next(steps(3, 2, [(0, "t0 o0 -4,1")])).events][:1]
    ['TilePlaced']
    """
    return steps_from(new_game(seed, players, variant), moves)


def replay(
    seed: int,
    players: int,
    moves: Iterable[tuple[int | None, str]],
    variant: Variant = Variant.STANDARD,
) -> ReplayResult:
    """Apply ``(seat, notation)`` moves (seat None for system actions) to a new game in order.

    Stops at the first move that does not parse or is illegal.

    >>> r = replay(3, 2, [(None, "end")])
    >>> r.applied, r.error
    (0, IllegalAction('round_not_over', {'seats': (0, 1)}))
    """
    state = new_game(seed, players, variant)
    applied = 0
    try:
        for step in steps_from(state, moves):
            state = step.state
            applied += 1
    except ActionError as error:
        return ReplayResult(state, applied, error)
    return ReplayResult(state, applied, None)
