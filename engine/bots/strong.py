"""The strong bot, the ``hard`` level (and the expert's first judge): plays for the end.

For a tile it judges every placement of both tiles quickly on a
:class:`~engine.bots.bitboard.Bitboard` (immediate gain plus how snugly the piece fits), plays the
best ``shortlist`` of them out on its view with their follow-ups, and keeps the one whose
position an :class:`~engine.bots.outlook.Outlook` values most: the score now plus what the
display can still become in the rounds left. Sheep, bonus tiles and towers are chosen the same
way. Ties are broken by the decision's generator.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from engine import (
    Action,
    GameState,
    PendingKind,
    apply,
    cell_action,
    legal_cells,
    legal_sheep_cells,
    pending,
)
from engine.bots.base import follow_ups, tile_moves
from engine.bots.bitboard import BONUS_SHAPES, TILE_SHAPES, TOWER_SHAPE, Bitboard, Quick
from engine.bots.outlook import Outlook, Weights


class StrongBot:
    """Values positions by score plus prospects; looks at ``shortlist`` placements in full.

    >>> import random
    >>> from engine import new_game, apply
    >>> g = new_game(1, 2)
    >>> state, _ = apply(g, 0, StrongBot().decide(g, 0, random.Random(1)))
    >>> state.seats[0].taken is not None
    True
    """

    def __init__(
        self, name: str = "strong", shortlist: int = 40, weights: Weights | None = None
    ) -> None:
        self.name = name
        self.shortlist = shortlist
        self.weights = weights or Weights()

    def decide(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """The action leading to the best-valued position for the seat's pending step."""
        return self.ranked(state, seat, rng, Outlook(state, seat, self.weights))[0].action

    def ranked(
        self, state: GameState, seat: int, rng: random.Random, outlook: Outlook
    ) -> list[Candidate]:
        """The shortlisted actions of the seat's pending step, best-valued first.

        Each comes with the position after it and its follow-ups, and that position's value.
        """
        p = pending(state, seat)
        if p.kind is PendingKind.NONE:
            raise ValueError(f"Seat {seat} has nothing to do.")
        bits = Bitboard(state, seat)
        share = _share(state)
        if p.kind is PendingKind.TILE:
            moves = tile_moves(state, seat)
            keyed = [
                (_fit(bits.quick(TILE_SHAPES[m.tile.id][m.orientation], m.x, m.y), share), i)
                for i, m in enumerate(moves)
            ]
            # The best overall, and a few of each tile, so neither tile is judged on fit alone.
            top = set(heapq.nlargest(self.shortlist, keyed))
            for slot in (0, 1):
                of_slot = [k for k in keyed if moves[k[1]].slot == slot]
                top.update(heapq.nlargest(max(1, self.shortlist // 8), of_slot))
            actions: list[Action] = [moves[i].action for _, i in sorted(top, reverse=True)]
        elif p.kind is PendingKind.SHEEP:
            actions = [cell_action(p.kind, x, y) for x, y in legal_sheep_cells(state, seat)]
        else:
            shape = TOWER_SHAPE if p.bonus is None else BONUS_SHAPES[p.bonus.id]
            spots = legal_cells(state, seat)
            ranked = heapq.nlargest(
                max(8, self.shortlist // 4),
                spots,
                key=lambda xy: _fit(bits.quick(shape, *xy), share),
            )
            actions = [cell_action(p.kind, x, y) for x, y in ranked]
        out = []
        for action in actions:
            after, _ = apply(state, seat, action)
            after = follow_ups(after, seat, lambda q: _fit(q, share))
            out.append(Candidate(outlook.value(after), rng.random(), action, after))
        # The best value first; the generator breaks ties.
        out.sort(key=lambda c: (c.value, c.tie), reverse=True)
        return out


@dataclass(frozen=True, slots=True)
class Candidate:
    """One shortlisted action, the position after it (follow-ups played) and its value."""

    value: float
    tie: float
    action: Action
    after: GameState


def _share(state: GameState) -> float:
    """The part of the game still to come after this round, from 1 (start) to 0 (last)."""
    return (state.rounds_total - state.round) / max(1, state.rounds_total - 1)


def _fit(q: Quick, share: float) -> float:
    """A quick judgement of a placement: its gain now and how snugly it fits the display."""
    return q.gain + 0.5 * q.contacts - 1.0 * q.holes + 0.6 * q.ring * (0.5 + share)
