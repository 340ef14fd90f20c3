"""Fit the expert's leaf weights: how much each prospect of the Outlook is worth, from games.

    python -m tests.bench.fit_leaf --games 400 --seed 7001 --bots hard,hard

Plays seeded heads-up games (seeds that are not ``bench_expert``'s) and, after every turn of
rounds 2 to 11 (the rounds whose positions the expert values with ``Outlook.value``), splits
the seat's value into its parts: the score now without the marker, and each prospect as
``start`` weighs it (:func:`parts`). Least squares, with one constant per round (the points the
rounds left bring to everyone), then finds the multiplier of each prospect that best predicts
the seat's final score, and the program prints them and the :class:`Weights` they make.

The fit predicts where a position ends under the bots' own play; it is a start for weights,
not proof of them: only games against ``hard`` show whether the expert plays better with them.
400 games of ``hard`` take about three minutes on one core.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import fields, replace

from engine import (
    EndRound,
    GameState,
    PendingKind,
    Phase,
    apply,
    new_game,
    pending,
    round_complete,
    score,
)
from engine.bots import play_turn
from engine.bots.outlook import (
    Outlook,
    Weights,
    _enclosed,
    _open_edges,
    _partial_runs,
    _prospect_in_rows,
    _rows,
    _single_bogs,
)
from engine.bots.strong import _share
from engine.effects import ruin_runs, towers_of
from engine.simulate import game_seed, seat_bots

#: the rounds whose positions the fit sees (the first and the last are valued otherwise)
ROUNDS = range(2, 12)

#: each prospect and the weights its multiplier scales
SCALES: dict[str, tuple[str, ...]] = {
    "rectangle": ("rectangle",),
    "room": ("flock_room", "meadow_room"),
    "marker": ("marker",),
    # Barrel steps are not linear in the side weights: this multiplier is printed, not applied.
    "whiskey": (),
    "tower": ("tower",),
    "run": ("run",),
    "bog": ("bog",),
    "ring": ("ring",),
    "enclosed": ("enclosed",),
    "edge": ("edge",),
}


def parts(outlook: Outlook, state: GameState) -> dict[str, float]:
    """``outlook.value(state)`` in a playing round, part by part: ``now`` and the prospects.

    Written out again here (the Outlook adds them in one expression, which ``hard`` depends on
    to the last bit); :func:`position_rows` checks that the parts add up to the value.
    """
    w = outlook.weights
    seat = outlook.seat
    s = state.seats[seat]
    cells = s.display.cells
    now = score(state, seat)
    share = _share(state)
    rows, width = _rows(cells)
    hole_cost = w.hole_late + (w.hole_early - w.hole_late) * share
    runs = ruin_runs(cells)
    return {
        "now": float(now.total - now.marker),
        "rectangle": w.rectangle * (_prospect_in_rows(rows, width, hole_cost) - now.area),
        "room": share * outlook._room(cells),
        "marker": w.marker * outlook._marker_chance(now.flock, share),
        "whiskey": outlook._whiskey(cells, s.barrel, share),
        "tower": w.tower * towers_of(runs),
        "run": share * w.run * _partial_runs(runs, cells),
        "bog": share * w.bog * min(_single_bogs(cells), 2) if state.bonus_stack else 0.0,
        "ring": 0.0 if now.exploration else outlook._surroundings(cells, share),
        "enclosed": -w.enclosed * _enclosed(rows),
        "edge": -w.edge * (0.25 + share) * _open_edges(rows),
    }


def position_rows(game: int, seed: int, bots: list[str], start: Weights) -> list[dict[str, float]]:
    """One row per seat and turn of rounds 2-11 of game ``game``: its parts, round and final."""
    seated = seat_bots(bots, game)
    this_seed = game_seed(seed, game)
    state = new_game(this_seed, len(seated))
    out: list[dict[str, float]] = []
    while state.phase is not Phase.FINISHED:
        for seat, name in enumerate(seated):
            if pending(state, seat).kind is PendingKind.NONE:
                continue
            state, _ = play_turn(name, state, seat, this_seed * 8 + seat)
            if state.phase is Phase.PLAYING and state.round in ROUNDS:
                outlook = Outlook(state, seat, start)
                row = parts(outlook, state)
                assert math.isclose(sum(row.values()), outlook.value(state), abs_tol=1e-6)
                out.append({"seat": seat, "round": state.round, **row})
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
    for row in out:
        row["final"] = score(state, int(row["seat"])).total
    return out


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The coefficients minimising the squared error (normal equations, Gauss-Jordan).

    >>> [round(c, 6) for c in least_squares([[1, 0], [1, 1], [1, 2]], [1, 3, 5])]
    [1.0, 2.0]
    """
    n = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(n)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot], b[i], b[pivot] = a[pivot], a[i], b[pivot], b[i]
        for r in range(n):
            if r != i and a[r][i]:
                f = a[r][i] / a[i][i]
                a[r] = [v - f * p for v, p in zip(a[r], a[i], strict=True)]
                b[r] -= f * b[i]
    return [b[i] / a[i][i] for i in range(n)]


def fit(rows: list[dict[str, float]]) -> dict[str, float]:
    """Each prospect's multiplier: final score minus ``now`` on the prospects and the rounds."""
    xs = [[float(r["round"] == k) for k in ROUNDS] + [r[p] for p in SCALES] for r in rows]
    ys = [r["final"] - r["now"] for r in rows]
    coefficients = least_squares(xs, ys)[len(ROUNDS) :]
    return dict(zip(SCALES, coefficients, strict=True))


def scaled(start: Weights, multipliers: dict[str, float]) -> Weights:
    """``start`` with every prospect's weights times its multiplier (both to 2 places)."""
    changes = {
        name: round(getattr(start, name) * round(m, 2), 2)
        for prospect, m in multipliers.items()
        for name in SCALES[prospect]
    }
    return replace(start, **changes)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.fit_leaf")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--bots", default="hard,hard")
    parser.add_argument(
        "--hole", type=float, default=0.5, help="a flat cost of holes to start from"
    )
    args = parser.parse_args()
    start = Weights(hole_early=args.hole, hole_late=args.hole)
    bots = args.bots.split(",")
    rows = [row for g in range(args.games) for row in position_rows(g, args.seed, bots, start)]
    multipliers = fit(rows)
    print(f"{len(rows)} positions of {args.games} games (seed {args.seed}, {args.bots})")
    for prospect, m in multipliers.items():
        print(f"{prospect:10} x{m:.2f}")
    weights = scaled(start, multipliers)
    changed = {f.name: getattr(weights, f.name) for f in fields(weights)}
    print(f"Weights({', '.join(f'{k}={v}' for k, v in changed.items())})")


if __name__ == "__main__":
    main()
