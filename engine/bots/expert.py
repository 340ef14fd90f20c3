"""The ``expert`` bot: the strong bot's best tiles, each judged by the round after it.

For a tile it takes the best ``candidates`` of a strong bot's shortlist (``hard``'s judgement,
over more placements), leaving out those more than ``reach`` points below the best (the round
after hardly ever makes up for more), and looks one round ahead (expectimax): the wheel's next
spin gives the seat any of the five areas with equal chance, so for each area it builds the
offer the seat would find there — the tiles that stay (the one it leaves in its own area, one
of the two in each other seat's area), the empty slots refilled from the tiles still in the
bag — and plays the best of ``replies`` quick replies to it. A candidate is worth the mean over
the areas of the best reply's value (in the last round, the final score the reply leaves), so
a tile that leaves room for what is likely to come beats one that only scores now. Every
candidate meets the same sampled offers (common random numbers), so their comparison is fair.

On the last round it counts each candidate's final score exactly, with what the towers its
ruins earn can still fill; for sheep, bonus tiles and towers it plays as ``hard`` does.

Why these settings: on the same 255 heads-up games against ``hard`` (85 from each of
``bench_expert``'s seeds), a wider look-ahead (14 candidates within 5 points, 4 replies and the
best of each tile) changed a third of the decisions, took about 2.5 times as long and moved the
margin by -0.1 ± 1.0 points (95 % intervals of the paired differences); prospects weighted for
the expert alone did no better (whiskey sides x1.7: -1.3 ± 1.0, x0.55: +0.3 ± 0.7; shape costs
x1.5: -0.8 ± 0.8). Playing the rest of the game out for the three best candidates (a quick
greedy policy for both seats, bag, bonus stack and spins sampled from the seat's view, the same
samples for each candidate) did no better on 50 of seed 2026's games: by the mean final margin
of 4 play-outs -1.6 ± 2.5, of 8 play-outs -0.6 ± 2.9 (40 games), added to the look-ahead's
value -0.3 ± 2.1, at about eight times the time per tile. What limits the expert is the value of
the position it looks ahead to, not how many positions it looks at.

So the expert values positions with weights of its own, fitted to what positions score in the end
(:data:`EXPERT_WEIGHTS`). Against ``hard``, paired with the hand-set weights on the same games,
they moved the margin by +2.5 ± 2.1 points on 100 games of seed 7007, and on 300 games of each of
``bench_expert``'s seeds by +3.0 ± 1.1 (2026), +2.4 ± 1.1 (3033) and +3.4 ± 1.1 (4044), to margins
of +8.5 ± 1.6, +9.8 ± 1.8 and +9.3 ± 1.8; a tile takes about 1.2 times as long. On seed 7007 other
fits did no better: the old costs of holes with fitted multipliers +2.4 ± 2.2 (100 games), a marker
worth about twice as much (heads-up it is the rival's loss too) +0.3 ± 1.1 over the fitted weights
(100 games); on its first 40 games, where the fitted weights gave +5.4 ± 3.6, weights half-way
between the old and the fitted +3.1 ± 3.9, free cells and meadows by the flock fitted apart
(enclosed cells free) +3.9 ± 3.3, room and barrel steps that shrink less with the rounds left
+3.9 ± 2.8. Heads-up, counting against a candidate what the tile it leaves is worth to the rival
(its best reply in the one spin of five that brings it to the seat's area) moved the margin by
+0.2 ± 0.6 (60 games of seed 2026, hand-set weights): not kept."""

from __future__ import annotations

import heapq
import random
from dataclasses import replace

from engine import Action, GameState, PendingKind, PlaceTile, apply, legal_placements, pending
from engine.bots.base import follow_ups
from engine.bots.bitboard import TILE_SHAPES, Bitboard
from engine.bots.outlook import Outlook, Weights
from engine.bots.strong import StrongBot, _fit, _share
from engine.catalogue import AREAS
from engine.state import Area

#: The expert's leaf (``hard`` keeps the hand-set :class:`Weights`): holes cost half a cell in every
#: round (this predicts final scores better than a cost growing to 3), and each prospect is scaled
#: by the multiplier that best predicts the final score from positions of rounds 2-11 (``python -m
#: tests.bench.fit_leaf``, 400 games of ``hard`` against itself, seed 7001): rectangle x0.86, room
#: for the flock x3.69, the marker x1.27, towers x1.14, ruin runs x1.52, bogs x0.95, surroundings
#: x2.06, enclosed cells x0.34, open edges x0.59; whiskey sides (x0.98) stay as they are.
EXPERT_WEIGHTS = Weights(
    hole_early=0.5,
    hole_late=0.5,
    rectangle=0.86,
    flock_room=0.92,
    meadow_room=1.48,
    marker=6.35,
    tower=2.28,
    run=1.82,
    bog=0.57,
    ring=8.24,
    enclosed=0.34,
    edge=0.18,
)


class ExpertBot:
    """Looks one round ahead over the wheel's five next offers.

    >>> import random
    >>> from engine import new_game, apply
    >>> g = new_game(1, 2)
    >>> state, _ = apply(g, 0, ExpertBot(candidates=2).decide(g, 0, random.Random(1)))
    >>> state.seats[0].taken is not None
    True
    """

    def __init__(
        self,
        name: str = "expert",
        candidates: int = 10,
        replies: int = 3,
        shortlist: int = 16,
        glance: int = 24,
        weights: Weights | None = None,
        reach: float = 3.0,
    ) -> None:
        self.name = name
        self.candidates = candidates
        #: how far below the best a candidate's value may lie and still be looked ahead at
        self.reach = reach
        self.replies = replies
        #: replies judged quickly per offer, after a rougher glance at how they touch
        self.glance = glance
        self.hard = StrongBot(name, shortlist, weights or EXPERT_WEIGHTS)

    def decide(self, state: GameState, seat: int, rng: random.Random) -> Action:
        """The candidate whose next round promises the most (see the module docstring)."""
        outlook = Outlook(state, seat, self.hard.weights)
        ranked = self.hard.ranked(state, seat, rng, outlook)
        p = pending(state, seat)
        if p.kind is not PendingKind.TILE:
            return ranked[0].action
        if state.round >= state.rounds_total:
            return max(ranked, key=lambda c: (outlook.final(c.after), c.tie)).action
        offers = Offers(state, seat, rng)
        best = ranked[0]
        best_value = float("-inf")
        floor = ranked[0].value - self.reach
        for candidate in ranked[: self.candidates]:
            if candidate.value < floor:
                break
            next_rounds = offers.next_rounds(candidate.after, seat)
            bits = Bitboard(next_rounds[0], seat)  # the same display whatever the offer
            value = sum(self._best_reply(s, seat, bits, outlook) for s in next_rounds)
            if value > best_value:
                best, best_value = candidate, value
        return best.action

    def _best_reply(self, state: GameState, seat: int, bits: Bitboard, outlook: Outlook) -> float:
        """The value of the best of a few replies to the next round's offer."""
        offered = pending(state, seat).tiles
        moves = [
            (TILE_SHAPES[tile_id][o], slot, o, x, y)
            for slot, tile_id in enumerate(offered)
            if tile_id is not None
            for o, x, y in legal_placements(state, seat, slot)
        ]
        if not moves:
            return outlook.value(state)
        share = _share(state)
        touching = bits.touching
        touches = [touching(shape, x, y) for shape, _, _, x, y in moves]
        glanced = heapq.nlargest(self.glance, range(len(moves)), key=touches.__getitem__)
        quick = bits.quick
        fits = heapq.nlargest(
            self.replies,
            glanced,
            key=lambda i: _fit(quick(moves[i][0], moves[i][3], moves[i][4]), share),
        )
        # A reply in the last round is the last tile: what counts then is the final score.
        judge = outlook.final if state.round >= state.rounds_total else outlook.value
        best = float("-inf")
        for i in fits:
            _, slot, o, x, y = moves[i]
            after, _ = apply(state, seat, PlaceTile(slot, o, x, y))
            after = follow_ups(after, seat, lambda q: _fit(q, share))
            best = max(best, judge(after))
        return best


class Offers:
    """The wheel as the seat may expect it next round, sampled once per decision."""

    def __init__(self, state: GameState, seat: int, rng: random.Random) -> None:
        own = state.area_of(seat)
        areas: list[list[int | None]] = [list(a) for a in state.areas]
        # Each other seat takes one of the two tiles of its area this round.
        for other in range(state.players):
            a = state.area_of(other)
            if a != own:
                slots = [k for k in (0, 1) if areas[a][k] is not None]
                if slots:
                    areas[a][rng.choice(slots)] = None
        self.own = own
        self.areas = areas
        self.refills = sorted(state.bag)  # what the seat knows of the bag: its tiles
        rng.shuffle(self.refills)

    def next_rounds(self, after: GameState, seat: int) -> list[GameState]:
        """The next round's start, as the seat would see it, for each of the five spins."""
        refills = iter(self.refills)
        areas: list[Area] = []
        for a, slots in enumerate(self.areas):
            if a == self.own:
                slots = list(after.areas[a])  # the tile the seat leaves stays
            filled = [t if t is not None else next(refills, None) for t in slots]
            areas.append((filled[0], filled[1]))
        seats = list(after.seats)
        seats[seat] = replace(seats[seat], taken=None, turn_done=False)
        arms = after.seats[seat].arms
        base = replace(after, round=after.round + 1, areas=tuple(areas), seats=tuple(seats))
        return [replace(base, spin=(area - arms) % AREAS) for area in range(AREAS)]
