"""The greedy bot, the ``medium`` level (and ``easy``, which notices few placements): the
action that raises the seat's score the most at once.

A tile's gain counts its follow-ups too: the sheep it brings and the bonus tiles its bogs draw
are placed (greedily) before the score is read. Every placement is judged quickly on a
:class:`~engine.bots.bitboard.Bitboard`; the best few are then played out in full and scored
exactly.
Ties are broken by the decision's generator.
"""

from __future__ import annotations

import random

from engine import (
    Action,
    GameState,
    PendingKind,
    apply,
    cell_action,
    legal_cells,
    legal_sheep_cells,
    pending,
    score,
)
from engine.bots.base import follow_ups, tile_moves
from engine.bots.bitboard import BONUS_SHAPES, TILE_SHAPES, TOWER_SHAPE, Bitboard, Quick


class GreedyBot:
    """Best immediate score gain, follow-ups included; ``shortlist`` placements checked exactly.

    >>> import random
    >>> from engine import new_game, apply
    >>> g = new_game(1, 2)
    >>> state, _ = apply(g, 0, GreedyBot().decide(g, 0, random.Random(1)))
    >>> state.seats[0].taken is not None
    True
    """

    def __init__(self, name: str = "greedy", shortlist: int = 8, sight: float = 1.0) -> None:
        self.name = name
        self.shortlist = shortlist
        #: the share of a tile's placements the bot notices (a beginner misses many)
        self.sight = sight

    def decide(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """The action with the best immediate gain for the seat's pending step."""
        p = pending(state, seat)
        if p.kind is PendingKind.NONE:
            raise ValueError(f"Seat {seat} has nothing to do.")
        before = score(state, seat).total
        if p.kind is PendingKind.TILE:
            bits = Bitboard(state, seat)
            moves = tile_moves(state, seat)
            if self.sight < 1.0:
                moves = [m for m in moves if rng.random() < self.sight] or moves[:1]
            quick = [
                (bits.quick(TILE_SHAPES[m.tile.id][m.orientation], m.x, m.y).gain, rng.random())
                for m in moves
            ]
            order = sorted(range(len(moves)), key=lambda i: quick[i], reverse=True)
            actions: list[Action] = [moves[i].action for i in order[: self.shortlist]]
        elif p.kind is PendingKind.SHEEP:
            actions = [cell_action(p.kind, x, y) for x, y in legal_sheep_cells(state, seat)]
        else:
            bits = Bitboard(state, seat)
            shape = TOWER_SHAPE if p.bonus is None else BONUS_SHAPES[p.bonus.id]
            spots = legal_cells(state, seat)
            ranked = sorted(
                spots, key=lambda xy: (bits.quick(shape, *xy).gain, rng.random()), reverse=True
            )
            actions = [cell_action(p.kind, x, y) for x, y in ranked[: self.shortlist]]
        best: tuple[float, float] | None = None
        chosen = actions[0]
        for action in actions:
            after, _ = apply(state, seat, action)
            after = follow_ups(after, seat, _gain)
            key = (score(after, seat).total - before, rng.random())
            if best is None or key > best:
                best, chosen = key, action
        return chosen


def _gain(q: Quick) -> float:
    return q.gain
