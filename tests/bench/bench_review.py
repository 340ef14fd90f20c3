"""The expert's review: how long the worker takes over one seat of a 12-round 4-player game.

The game is played by bots (the reviewed seat by ``medium``, which leaves the expert plenty to
say); the review is what the worker runs (:func:`engine.bots.review.judge` on every decision,
``ROLLOUTS`` play-outs per choice), without its few database writes. The review's numbers are
printed too, so a change that made it fast by judging less shows.

Run alone with ``python -m tests.bench bench_review``.
"""

from __future__ import annotations

import statistics
import time

from engine import EndRound, PendingKind, Phase, apply, new_game, pending, round_complete
from engine.bots import play_turn
from engine.bots.review import ROLLOUTS, accuracy, decisions, judge
from engine.variants import Variant
from tests.bench import Measurement

GAME_SEED = 11
REVIEW_SEED = 1
BOTS = ("medium", "hard", "easy", "medium")
#: seconds a review may take on the worker on this machine (the issue's target)
BUDGET = 60.0


def played_log(seed: int, bots: tuple[str, ...]) -> list[tuple[int | None, str]]:
    """The log of a whole game of ``bots`` from ``seed``, as the site would store it."""
    state = new_game(seed, len(bots))
    log: list[tuple[int | None, str]] = []
    while state.phase is not Phase.FINISHED:
        for seat, bot in enumerate(bots):
            if pending(state, seat).kind is not PendingKind.NONE:
                state, actions = play_turn(bot, state, seat, seed * 8 + seat)
                log += [(seat, str(a)) for a in actions]
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
            log.append((None, "end"))
    return log


def run() -> list[Measurement]:
    log = played_log(GAME_SEED, BOTS)
    found = list(decisions(GAME_SEED, len(BOTS), log, 0, Variant.STANDARD))
    started = time.perf_counter()
    cpu = time.process_time()
    timings = []
    losses = []
    for decision in found:
        t0 = time.perf_counter()
        losses.append(judge(decision, 0, REVIEW_SEED).loss)
        timings.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    return [
        Measurement(
            "review of a 12-round 4-player game (one seat)",
            elapsed,
            "s",
            BUDGET,
            note=f"{len(found)} decisions x 2 choices x {ROLLOUTS} play-outs; "
            f"median decision {statistics.median(timings):.1f} s, max {max(timings):.1f} s; "
            f"{cpu:.0f} s of CPU (the rest is waiting for a shared core)",
        ),
        Measurement(
            "review: accuracy of the medium bot's seat",
            accuracy(losses),
            "%",
            note=f"{sum(losses):.1f} points lost to the expert over {len(found)} decisions",
        ),
    ]
