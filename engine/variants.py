"""Game variants: the standard table game and ``duplicate``, the weekly challenge's deal.

In a duplicate game every entrant plays alone on the same seed, and everything random is a pure
function of the seed and the round, never of the entrant's choices, so every entrant faces the
same sequence:

- the hometown and its side, the bag order and the spins come from the seed as in a table game;
- the two tiles offered in round ``r`` are the two in the entrant's area then: at the end of each
  round the tile not taken is set aside (it leaves the wheel) and the area is refilled from the
  bag, so the next offers do not depend on which tile was taken;
- the bonus stack is shuffled anew for each round from ``(seed, round)``; the ``k``-th protected
  site formed in round ``r`` draws the ``k``-th tile of that round's stack, however many sites
  were formed in earlier rounds.
"""

from __future__ import annotations

import random
from enum import StrEnum

from engine.catalogue import BONUS_TILES


class Variant(StrEnum):
    """How a game deals: ``standard`` (R2–R6 as written) or ``duplicate`` (one entrant)."""

    STANDARD = "standard"
    DUPLICATE = "duplicate"


def duplicate_bonus_stack(seed: int, round_number: int) -> tuple[int, ...]:
    """The bonus stack of one round of a duplicate game, in draw order.

    >>> duplicate_bonus_stack(7, 3) == duplicate_bonus_stack(7, 3)
    True
    >>> sorted(duplicate_bonus_stack(7, 3)) == list(range(12))
    True
    """
    stack = list(range(len(BONUS_TILES)))
    random.Random(f"tipperary:{seed}:bonus:{round_number}").shuffle(stack)
    return tuple(stack)
