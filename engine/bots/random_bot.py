"""The ``random`` bot: any legal action, uniformly (a tile slot, then one of its placements).

It exists for tests and as the floor the other bots must beat.
"""

from __future__ import annotations

import random

from engine import (
    Action,
    GameState,
    PendingKind,
    PlaceTile,
    cell_action,
    legal_cells,
    legal_placements,
    legal_sheep_cells,
    pending,
)


class RandomBot:
    """Chooses uniformly among the legal actions of the seat's pending step.

    >>> import random
    >>> from engine import new_game, apply
    >>> g = new_game(1, 2)
    >>> state, _ = apply(g, 0, RandomBot().decide(g, 0, random.Random(1)))
    >>> state.seats[0].taken is not None
    True
    """

    name = "random"

    def decide(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """A uniformly random legal action of the seat's pending step."""
        p = pending(state, seat)
        if p.kind is PendingKind.TILE:
            slot = rng.choice([k for k in (0, 1) if p.tiles[k] is not None])
            o, x, y = rng.choice(legal_placements(state, seat, slot))
            return PlaceTile(slot, o, x, y)
        if p.kind is PendingKind.SHEEP:
            return cell_action(p.kind, *rng.choice(legal_sheep_cells(state, seat)))
        if p.kind is PendingKind.NONE:
            raise ValueError(f"Seat {seat} has nothing to do.")
        return cell_action(p.kind, *rng.choice(legal_cells(state, seat)))
