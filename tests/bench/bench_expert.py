"""The expert against the hard bot on seeds that are not the ladder's, and both against a
clairvoyant player who sees every round's offer in advance.

- Margins: ``MARGIN_GAMES`` seeded heads-up games expert vs hard for each of ``MARGIN_SEEDS``
  (none of them the ladder's ``LADDER_SEED``), seats swapping from game to game; the mean
  margin and its 95 % interval per seed. The issue asks for at least ``TARGET_MARGIN`` points.
- Distance to the best play: on ``DEALS`` duplicate deals (the weekly challenge's variant, where
  the offers do not depend on the choices) the expert and the hard bot play alone, and
  :func:`engine.bots.clairvoyant.clairvoyant_score` searches the same deal knowing all twelve
  offers; the ratios of their mean scores to the clairvoyant's.

These runs are CPU-heavy (about 1 s of CPU a heads-up game, 4 s a clairvoyant deal): they live
here, not in ``make test``. Run alone with ``python -m tests.bench bench_expert``; one seed's
margin with ``python -m engine.simulate --players 2 --games 300 --bots expert,hard --seed 2026
--jobs 2``.
"""

from __future__ import annotations

import statistics
import time
from multiprocessing import Pool

from engine import simulate
from engine.bots.clairvoyant import BEAM, BREADTH, clairvoyant_score, solo_score
from tests.bench import Measurement
from tests.bench.bench_bots import LADDER_SEED

MARGIN_SEEDS = (2026, 3033, 4044)
MARGIN_GAMES = 300
TARGET_MARGIN = 8.0
DEALS = 50
DEAL_SEED = 5050
JOBS = 2

assert LADDER_SEED not in MARGIN_SEEDS


def margin(seed: int, games: int) -> Measurement:
    """Expert minus hard over ``games`` heads-up games from ``seed``."""
    started = time.perf_counter()
    records = list(simulate.run(["expert", "hard"], games, seed, jobs=JOBS))
    margins = simulate.heads_up_margins(records, "expert", "hard")
    mean, half = simulate.margin_interval(margins)
    return Measurement(
        f"expert - hard, seed {seed}",
        mean,
        "points",
        TARGET_MARGIN,
        higher_is_better=True,
        note=f"95% interval {mean - half:+.1f} to {mean + half:+.1f}, {len(margins)} games "
        f"in {time.perf_counter() - started:.0f} s ({JOBS} jobs)",
    )


def _deal(seed: int) -> tuple[int, int, int]:
    return clairvoyant_score(seed), solo_score("expert", seed), solo_score("hard", seed)


def against_clairvoyant(deals: int) -> list[Measurement]:
    """The expert's and the hard bot's mean scores over the clairvoyant's, on ``deals`` deals."""
    started = time.perf_counter()
    seeds = [simulate.game_seed(DEAL_SEED, d) for d in range(deals)]
    with Pool(JOBS) as pool:
        results = pool.map(_deal, seeds)
    seer, expert, hard = (statistics.fmean(r[k] for r in results) for k in range(3))
    note = (
        f"{deals} duplicate deals: clairvoyant {seer:.1f}, expert {expert:.1f}, hard {hard:.1f} "
        f"points (beam {BEAM}, breadth {BREADTH}); {time.perf_counter() - started:.0f} s"
    )
    return [
        Measurement("expert / clairvoyant", expert / seer, "", higher_is_better=True, note=note),
        Measurement("hard / clairvoyant", hard / seer, "", higher_is_better=True),
    ]


def run() -> list[Measurement]:
    out = [margin(seed, MARGIN_GAMES) for seed in MARGIN_SEEDS]
    return out + against_clairvoyant(DEALS)
