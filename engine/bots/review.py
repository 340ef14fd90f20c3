"""The expert's review of one seat's decisions in a finished game.

For each decision the seat made (a tile and its spot, a sheep, a bonus tile, a tower) the review
asks the ``expert`` bot what it would have done on the seat's own view of the game, and then
estimates what each choice was worth: the seat's mean final score over ``rollouts`` seeded
play-outs from the position after the choice (:func:`rollout_values`). A play-out knows only what
the seat knew (the bag and the bonus stack are shuffled afresh from the review's seed, the other
seats replay the round from its deal), the seat itself is played on by the ``hard`` bot and the
others by the ``easy`` one, and both choices meet the very same play-outs, so their difference
is the choice's own. The same game, seat and seed always give the same review.

The expert's choice is the better of the two as the play-outs judge them: when the seat's own
choice promises more, the review says the seat matched the expert, so a loss is never below 0.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engine import (
    Action,
    Coord,
    EndRound,
    GameState,
    PendingKind,
    Phase,
    PlaceTile,
    apply,
    legal_cells,
    legal_sheep_cells,
    pending,
    placed_piece,
    round_complete,
    score,
    steps,
    view,
)
from engine.bots import choose, play_turn
from engine.variants import Variant

#: play-outs per choice: enough to tell a few points apart, few enough for a minute's review
ROLLOUTS = 4
#: the bot that plays the reviewed seat in a play-out, and the one that plays everyone else
OWN_BOT = "hard"
OTHERS_BOT = "easy"
#: the score categories a loss is explained by (the engine's codes; the site words them)
CATEGORIES = ("area", "flock", "marker", "whiskey", "stones", "exploration")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat: its index in the log, the state before it and what was made."""

    index: int
    round: int
    kind: PendingKind
    before: GameState
    made: Action


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision reviewed.

    ``made_points`` and ``expert_points`` are the seat's mean final scores after each choice;
    ``loss`` is their difference (0 when the seat's choice is as good or better); ``reason`` is
    the score category where the expert's choice gains most (None when nothing is lost);
    ``expert_cells`` are the cells the expert's piece would cover, ``expert_tile`` the tile it
    places (None for a sheep, bonus tile or tower).
    """

    index: int
    round: int
    kind: PendingKind
    made: Action
    expert: Action
    made_points: float
    expert_points: float
    loss: float
    reason: str | None
    expert_cells: tuple[Coord, ...]
    expert_tile: int | None


def decisions(
    seed: int, players: int, moves: Sequence[tuple[int | None, str]], seat: int, variant: Variant
) -> Iterator[Decision]:
    """Every decision ``seat`` made in a game's log, with the state before it.

    >>> from engine.bots import play_turn
    >>> from engine import new_game
    >>> _, made = play_turn("easy", new_game(3, 2), 0, seed=1)
    >>> [d.kind.value for d in decisions(3, 2, [(0, str(a)) for a in made], 0, Variant.STANDARD)]
    ['tile', 'sheep']
    """
    for step in steps(seed, players, moves, variant):
        if step.seat == seat:
            kind = pending(step.before, seat).kind
            yield Decision(step.index, step.before.round, kind, step.before, step.action)


def _has_choice(state: GameState, seat: int) -> bool:
    """Whether the pending step offers more than one option (a lone option is no decision)."""
    p = pending(state, seat)
    if p.kind is PendingKind.SHEEP:
        return len(legal_sheep_cells(state, seat)) > 1
    if p.kind in (PendingKind.BONUS, PendingKind.TOWER):
        return len(legal_cells(state, seat)) > 1
    return p.kind is PendingKind.TILE


def worlds(state: GameState, seat: int, count: int, seed: int) -> list[GameState]:
    """``count`` complete games the seat cannot tell apart from ``state``: its own view, the
    secret orders shuffled, the other seats back at the round's deal, and a seed of their own.
    """
    seen = view(state, seat)
    seats = tuple(s if i == seat else seen.start.seats[i] for i, s in enumerate(seen.seats))
    out = []
    for k in range(count):
        rng = random.Random(f"tipperary-review:{seed}:{k}")
        bag = list(seen.bag)
        rng.shuffle(bag)
        stack = list(seen.bonus_stack)
        rng.shuffle(stack)
        world_seed = rng.getrandbits(31)
        out.append(
            replace(seen, seed=world_seed, bag=tuple(bag), bonus_stack=tuple(stack), seats=seats)
        )
    return out


def play_out(state: GameState, seat: int, seed: int) -> GameState:
    """The game played to its end from ``state``: the seat by ``hard``, the others by ``easy``."""
    while state.phase is not Phase.FINISHED:
        for i in range(state.players):
            if pending(state, i).kind is not PendingKind.NONE:
                state, _ = play_turn(OWN_BOT if i == seat else OTHERS_BOT, state, i, seed + i)
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
    return state


def rollout_values(
    state: GameState, seat: int, action: Action, rollouts: int, seed: int
) -> list[GameState]:
    """The finished games of ``rollouts`` play-outs after the seat plays ``action`` in
    ``state`` (the same worlds for every action, so choices are compared fairly)."""
    finished = []
    for k, world in enumerate(worlds(state, seat, rollouts, seed)):
        after, _ = apply(world, seat, action)
        finished.append(play_out(after, seat, seed * 31 + k))
    return finished


def _mean(games: Sequence[GameState], seat: int, category: str = "total") -> float:
    return statistics.fmean(getattr(score(g, seat), category) for g in games)


def judge(decision: Decision, seat: int, seed: int, rollouts: int = ROLLOUTS) -> Judged:
    """Review one decision: the expert's choice and both choices' expected final scores.

    The seed of a decision's play-outs comes from the review's seed and the decision's index.
    """
    state = decision.before
    expert = choose("expert", state, seat, seed)
    _, events = apply(state, seat, expert)
    placed = placed_piece(events)
    cells = placed.cells if placed is not None else ()
    tile = placed.piece_id if placed is not None and isinstance(expert, PlaceTile) else None
    if expert == decision.made or not _has_choice(state, seat):
        games = rollout_values(state, seat, decision.made, rollouts, seed * 1009 + decision.index)
        points = _mean(games, seat)
        return Judged(*_head(decision), decision.made, points, points, 0.0, None, cells, tile)
    world_seed = seed * 1009 + decision.index
    made_games = rollout_values(state, seat, decision.made, rollouts, world_seed)
    expert_games = rollout_values(state, seat, expert, rollouts, world_seed)
    made_points = _mean(made_games, seat)
    expert_points = _mean(expert_games, seat)
    if made_points >= expert_points:
        return Judged(*_head(decision), expert, made_points, made_points, 0.0, None, cells, tile)
    gains = {c: _mean(expert_games, seat, c) - _mean(made_games, seat, c) for c in CATEGORIES}
    reason = max(CATEGORIES, key=lambda c: gains[c])
    return Judged(
        *_head(decision),
        expert,
        made_points,
        expert_points,
        expert_points - made_points,
        reason,
        cells,
        tile,
    )


def _head(decision: Decision) -> tuple[int, int, PendingKind, Action]:
    return decision.index, decision.round, decision.kind, decision.made


def accuracy(losses: Sequence[float], within: float = 1.0) -> float:
    """The share (0–100) of decisions that lost less than ``within`` points to the expert.

    >>> accuracy([0.0, 0.4, 3.0, 0.0])
    75.0
    >>> accuracy([])
    100.0
    """
    if not losses:
        return 100.0
    return 100.0 * sum(1 for loss in losses if loss < within) / len(losses)
