"""The expert's judgement of single decisions: repeatable, never a negative loss, and the very
numbers a direct play-out gives."""

from __future__ import annotations

import statistics
from functools import cache

import engine
from engine import EndRound, PendingKind, Phase, apply, pending, round_complete, score
from engine.bots import choose, play_turn
from engine.bots.review import Decision, decisions, judge, rollout_values, worlds
from engine.variants import Variant

SEED = 4242
ROLLOUTS = 2


@cache
def _log() -> tuple[tuple[int | None, str], ...]:
    """A heads-up game: seat 0 played by the easy bot (it leaves points behind), seat 1 hard."""
    state = engine.new_game(SEED, 2)
    log: list[tuple[int | None, str]] = []
    while state.phase is not Phase.FINISHED:
        for seat, bot in enumerate(("easy", "hard")):
            if pending(state, seat).kind is not PendingKind.NONE:
                state, actions = play_turn(bot, state, seat, seat + 3)
                log += [(seat, str(a)) for a in actions]
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
            log.append((None, "end"))
    return tuple(log)


def _decision(round_: int, kind: PendingKind = PendingKind.TILE) -> Decision:
    return next(
        d
        for d in decisions(SEED, 2, _log(), 0, Variant.STANDARD)
        if d.round == round_ and d.kind is kind
    )


def test_it_finds_every_decision_of_the_seat_and_none_of_the_others() -> None:
    found = list(decisions(SEED, 2, _log(), 0, Variant.STANDARD))
    assert sum(d.kind is PendingKind.TILE for d in found) == 12
    assert len(found) == sum(1 for seat, _ in _log() if seat == 0)
    assert all(str(d.made) == _log()[d.index][1] for d in found)


def test_the_same_decision_gets_the_same_judgement() -> None:
    decision = _decision(5)
    assert judge(decision, 0, 7, ROLLOUTS) == judge(decision, 0, 7, ROLLOUTS)


def test_the_expert_own_choice_loses_nothing() -> None:
    decision = _decision(4)
    expert = choose("expert", decision.before, 0, 7)
    judged = judge(Decision(decision.index, 4, PendingKind.TILE, decision.before, expert), 0, 7)
    assert judged.expert == expert and judged.loss == 0.0
    assert judged.made_points == judged.expert_points


def test_losses_are_never_negative_and_match_a_direct_play_out() -> None:
    for round_ in (2, 7):
        decision = _decision(round_)
        judged = judge(decision, 0, 7, ROLLOUTS)
        assert judged.loss >= 0
        worlds_seed = 7 * 1009 + decision.index
        made = rollout_values(decision.before, 0, decision.made, ROLLOUTS, worlds_seed)
        assert judged.made_points == statistics.fmean(score(g, 0).total for g in made)
        if judged.expert != decision.made:
            expert = rollout_values(decision.before, 0, judged.expert, ROLLOUTS, worlds_seed)
            best = max(judged.made_points, statistics.fmean(score(g, 0).total for g in expert))
            assert judged.expert_points == best
            assert judged.loss == best - judged.made_points
            assert judged.expert_cells  # the ghost has somewhere to go


def test_a_play_out_knows_only_what_the_seat_knew() -> None:
    decision = _decision(6)
    games = rollout_values(decision.before, 0, decision.made, ROLLOUTS, 11)
    assert all(g.phase is Phase.FINISHED for g in games)
    # The real bag order stays secret: each play-out deals the later rounds its own way.
    assert len({frozenset(g.seats[0].display.cells) for g in games}) == len(games)
    real_bag = decision.before.bag
    assert all(w.bag != real_bag for w in worlds(decision.before, 0, 3, 11))
    assert all(sorted(w.bag) == sorted(real_bag) for w in worlds(decision.before, 0, 3, 11))
