"""A clairvoyant player of duplicate deals: the yardstick the bots are measured against.

In a duplicate game (:mod:`engine.variants`) the offers of every round, the spins and the bonus
stacks are a pure function of the seed, whatever the entrant does. A player who knew them all
could plan the whole game; :func:`clairvoyant_score` does so with a beam search over the real
state (which holds the bag's order, unlike any view): each round, every position of the beam
tries the ``hard`` bot's ``breadth`` best placements of the known offer, with their follow-ups,
and the ``beam`` positions it values most go on to the next round; the towers are placed as
``hard`` places them. The best final score found is the reference: no bot, which cannot see the
rounds to come, should be expected to reach it, so a bot's score divided by it says how far from
the best play that foresight allows the bot stands.

It is a search, not a proof: a wider beam may find more. ``make bench`` prints the widths used.
"""

from __future__ import annotations

import random

from engine import (
    EndRound,
    GameState,
    PendingKind,
    Phase,
    Variant,
    apply,
    new_game,
    pending,
    score,
)
from engine.bots import play_turn
from engine.bots.outlook import Outlook
from engine.bots.strong import StrongBot

BREADTH = 10
BEAM = 20


def clairvoyant_score(seed: int, breadth: int = BREADTH, beam: int = BEAM) -> int:
    """The best final score the search finds on the duplicate deal of ``seed``.

    >>> clairvoyant_score(3, breadth=1, beam=1) > 0
    True
    """
    judge = StrongBot("clairvoyant", shortlist=max(breadth, 8))
    states = [new_game(seed, 1, Variant.DUPLICATE)]
    while states[0].phase is Phase.PLAYING:
        grown: dict[frozenset[object], tuple[float, GameState]] = {}
        for state in states:
            outlook = Outlook(state, 0, judge.weights)
            rng = random.Random(f"clairvoyant:{seed}:{state.round}")
            for candidate in judge.ranked(state, 0, rng, outlook)[:breadth]:
                after = candidate.after
                if pending(after, 0).kind is not PendingKind.NONE:
                    continue  # follow-ups the quick play left (none in practice)
                key = frozenset(after.seats[0].display.cells.items())
                if key not in grown or grown[key][0] < candidate.value:
                    grown[key] = (candidate.value, after)
        best = sorted(grown.values(), key=lambda pair: pair[0], reverse=True)[:beam]
        states = [apply(after, None, EndRound())[0] for _, after in best]
    finals = []
    for state in states:
        if state.phase is Phase.TOWERS:
            state, _ = play_turn("hard", state, 0, seed)
        finals.append(score(state, 0).total)
    return max(finals)


def solo_score(bot: str, seed: int) -> int:
    """The final score of ``bot`` playing the duplicate deal of ``seed`` alone.

    >>> solo_score("easy", 3) > 0
    True
    """
    state = new_game(seed, 1, Variant.DUPLICATE)
    while state.phase is not Phase.FINISHED:
        if pending(state, 0).kind is not PendingKind.NONE:
            state, _ = play_turn(bot, state, 0, seed)
        if state.phase is not Phase.FINISHED and state.seats[0].turn_done:
            state, _ = apply(state, None, EndRound())
    return score(state, 0).total
