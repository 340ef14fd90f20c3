"""Play many seeded games between bots and print how each bot scores.

Usage::

    python -m engine.simulate --players 4 --games 500 --bots hard,medium,medium,random --seed 1
    python -m engine.simulate --games 40 --jobs 2 --dump-final var/final.jsonl

``--bots`` names one bot per seat (see :data:`engine.bots.BOTS`). Game ``g`` (0, 1, ...) is
played from seed :func:`game_seed` of ``(--seed, g)``, and its seats rotate the bot list: seat
``i`` is played by bot ``(i + g) % players`` of the list, so over a multiple of ``--players``
games every bot sits in every seat equally often. ``--jobs N`` plays games in N processes;
the results do not depend on it.

The program prints games per second, then one row per bot name (bots listed twice are pooled):
how many seats it played, the mean and standard deviation of every score category (R6.2) and of
the total, and its win rate per seat played, a shared first place counting as a share of a win.
Heads-up between two bots, it also prints the first bot's mean margin and its 95 % interval.

``--dump-final FILE`` writes one JSON line per finished game, in game order. This format is
stable (new keys may be added, none removed or changed)::

    {"game": 0, "seed": 123, "players": 4, "rounds": 12,
     "seats": [
       {"seat": 0, "bot": "hard", "hometown": 3, "whiskey": 9, "marker": false,
        "score": {"area": 48, "flock": 12, "marker": 0, "whiskey": 18, "stones": 9,
                  "exploration": 5, "total": 92},
        "rank": 1,
        "cells": [{"x": 0, "y": 0, "landscape": "town", "value": 0, "sheep": false,
                   "kind": "hometown"}, ...]},
       ...]}

- ``game``: the game's number in the run; ``seed``: the seed it was created with
  (``engine.new_game(seed, players)``); ``rounds``: the rounds played.
- ``seats``: one entry per seat, in seat order. ``bot``: the bot's name; ``hometown``: the
  hometown layout (0-9); ``whiskey``: the barrel's space on the whiskey track (0-12);
  ``marker``: whether the seat holds the Largest Flock marker; ``score``: the breakdown of
  R6.2; ``rank``: 1 is best, equal totals share a rank.
- ``cells``: every occupied cell of the seat's display, sorted by ``y`` then ``x``:
  coordinates (``x`` grows right, ``y`` down; the hometown lies at its own picture
  coordinates), ``landscape`` (meadow, pasture, grain, distillery, ruin, bog, stone, town,
  tower), ``value`` (a stone circle's value, else 0), ``sheep`` (a sheep token stands on it)
  and ``kind`` (hometown, tile, bonus or tower).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from multiprocessing import Pool
from typing import Any, TextIO

from engine import (
    EndRound,
    GameState,
    PendingKind,
    Phase,
    apply,
    final_ranking,
    new_game,
    pending,
    round_complete,
    score,
)
from engine.bots import BOTS, play_turn

CATEGORIES = ("area", "flock", "marker", "whiskey", "stones", "exploration", "total")


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` of a run started with ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"tipperary-simulate:{seed}:{game}").getrandbits(31)


def seat_bots(bots: Sequence[str], game: int) -> list[str]:
    """The bot of every seat in game number ``game``: the list turned by ``game`` places.

    >>> seat_bots(["hard", "medium", "random"], 1)
    ['medium', 'random', 'hard']
    """
    n = len(bots)
    return [bots[(i + game) % n] for i in range(n)]


def play_game(bots: Sequence[str], seed: int) -> GameState:
    """A whole game from ``new_game(seed, len(bots))``, seat ``i`` played by ``bots[i]``.

    Each round every seat plays its turn in seat order (turns are independent, R4.2), then the
    round ends; in the tower step every seat with towers places them.
    """
    state = new_game(seed, len(bots))
    while state.phase is not Phase.FINISHED:
        for seat, name in enumerate(bots):
            if pending(state, seat).kind is not PendingKind.NONE:
                state, _ = play_turn(name, state, seat, seed * 8 + seat)
        if round_complete(state):
            state, _ = apply(state, None, EndRound())
    return state


def game_record(game: int, seed: int, bots: Sequence[str], state: GameState) -> dict[str, Any]:
    """The JSON-ready line of ``--dump-final`` for a finished game (see the module docstring)."""
    ranks = {standing.seat: standing.rank for standing in final_ranking(state)}
    seats = []
    for i, s in enumerate(state.seats):
        cells = sorted(s.display.cells.items(), key=lambda item: (item[0][1], item[0][0]))
        seats.append(
            {
                "seat": i,
                "bot": bots[i],
                "hometown": s.hometown,
                "whiskey": s.barrel,
                "marker": state.marker == i,
                "score": asdict(score(state, i)),
                "rank": ranks[i],
                "cells": [
                    {
                        "x": x,
                        "y": y,
                        "landscape": c.landscape.value,
                        "value": c.value,
                        "sheep": c.sheep,
                        "kind": c.kind.value,
                    }
                    for (x, y), c in cells
                ],
            }
        )
    return {
        "game": game,
        "seed": seed,
        "players": state.players,
        "rounds": state.rounds_total,
        "seats": seats,
    }


def run_game(job: tuple[int, int, tuple[str, ...]]) -> dict[str, Any]:
    """Play game number ``game`` of a run and return its record (a worker's task)."""
    game, seed, bots = job
    seated = seat_bots(bots, game)
    this_seed = game_seed(seed, game)
    return game_record(game, this_seed, seated, play_game(seated, this_seed))


def run(bots: Sequence[str], games: int, seed: int, jobs: int = 1) -> Iterator[dict[str, Any]]:
    """The records of a run's games, in game order, played in ``jobs`` processes."""
    tasks = [(g, seed, tuple(bots)) for g in range(games)]
    if jobs <= 1:
        yield from map(run_game, tasks)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(run_game, tasks, chunksize=max(1, min(8, games // (4 * jobs))))


def heads_up_margins(records: Sequence[dict[str, Any]], first: str, second: str) -> list[int]:
    """Per heads-up game between two bots: the first's total minus the second's."""
    margins = []
    for record in records:
        totals = {s["bot"]: s["score"]["total"] for s in record["seats"]}
        margins.append(totals[first] - totals[second])
    return margins


def margin_interval(margins: Sequence[int]) -> tuple[float, float]:
    """The mean margin and the half-width of its 95 % interval (normal approximation).

    >>> mean, half = margin_interval([4, 6, 4, 6])
    >>> mean, round(half, 2)
    (5.0, 1.13)
    """
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    return mean, half


def summary(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot name, in order of first appearance: seats played, mean and stdev per category,
    and win rate (a first place shared by ``k`` seats counts ``1/k``).
    """
    scores: dict[str, dict[str, list[int]]] = {}
    wins: dict[str, float] = {}
    for record in records:
        firsts = [s for s in record["seats"] if s["rank"] == 1]
        for s in record["seats"]:
            by_category = scores.setdefault(s["bot"], {c: [] for c in CATEGORIES})
            for c in CATEGORIES:
                by_category[c].append(s["score"][c])
            wins[s["bot"]] = wins.get(s["bot"], 0.0) + (1 / len(firsts) if s["rank"] == 1 else 0)
    rows = []
    for bot, by_category in scores.items():
        seats = len(by_category["total"])
        row: dict[str, Any] = {"bot": bot, "seats": seats, "win_rate": wins[bot] / seats}
        for c, values in by_category.items():
            row[c] = (statistics.fmean(values), statistics.stdev(values) if seats > 1 else 0.0)
        rows.append(row)
    return rows


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    """The printed table of :func:`summary` rows: ``mean ± stdev`` per category, win rate.

    >>> row = {"bot": "medium", "seats": 2, "win_rate": 0.5}
    >>> row.update({c: (10.0, 1.5) for c in CATEGORIES})
    >>> lines = format_table([row]).splitlines()
    >>> lines[0].split()[:4], lines[1].split()[:5], lines[1].split()[-1]
    (['bot', 'seats', 'area', 'flock'], ['medium', '2', '10.0', '±', '1.5'], '50.0%')
    """
    header = ["bot", "seats", *CATEGORIES, "wins"]
    lines = [
        [
            row["bot"],
            str(row["seats"]),
            *(f"{row[c][0]:.1f} ± {row[c][1]:.1f}" for c in CATEGORIES),
            f"{100 * row['win_rate']:.1f}%",
        ]
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [header, *lines]) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
        for line in [header, *lines]
    )


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engine.simulate", description="Play seeded games between bots."
    )
    parser.add_argument("--players", type=int, default=4, help="players per game (2-5)")
    parser.add_argument("--games", type=int, default=100, help="how many games to play")
    parser.add_argument(
        "--bots", default="hard,medium,medium,random", help="one bot name per seat, by commas"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--dump-final", metavar="FILE", help="write one JSON line per game")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) != args.players:
        parser.error(f"--bots names {len(bots)} bots for {args.players} players")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r}; the bots are {', '.join(BOTS)}")
    if not 2 <= args.players <= 5:
        parser.error("Tipperary is for 2 to 5 players")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    args.bots = bots
    return args


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Run the program (see the module docstring); returns the exit status."""
    args = _arguments(argv)
    started = time.perf_counter()
    records = []
    with contextlib.ExitStack() as stack:
        dump = (
            stack.enter_context(open(args.dump_final, "w", encoding="utf-8"))
            if args.dump_final
            else None
        )
        for record in run(args.bots, args.games, args.seed, args.jobs):
            records.append(record)
            if dump is not None:
                dump.write(json.dumps(record, separators=(",", ":")) + "\n")
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games of {args.players} players (seed {args.seed}, bots "
        f"{','.join(args.bots)}, {args.jobs} job{'s' if args.jobs > 1 else ''}): "
        f"{elapsed:.1f} s, {args.games / elapsed:.2f} games per second",
        file=out,
    )
    print(format_table(summary(records)), file=out)
    first, second = args.bots[0], args.bots[-1]
    if args.players == 2 and first != second:
        mean, half = margin_interval(heads_up_margins(records, first, second))
        print(f"{first} - {second}: {mean:+.1f} points a game, 95% interval ± {half:.1f}", file=out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
