"""The site as it is against an earlier commit, request by request, on the requests drawn
afresh: the game page (its cache missed), ``#game`` after a change of the viewer's own, and the
table panel after a neighbour's move (counties warm, as after a hidden move).

A gunicorn process (one worker) serves each version, from this tree and from a worktree of
the commit; the requests go to each in turn, in pairs (as ``bench_overrides`` times its rows),
so a burst of other work on the machine weighs on both sides of a pair. That is what tells a
change of a few per cent from the machine's drift, which moves the throughput rows of
``bench_web`` by more than that from one run to the next. Both versions read the one database
this tree migrates: compare commits whose migrations agree.

Run with ``python -m tests.bench.versus <commit> [rounds]``; not a row of ``make bench``, a
before and after for a change's closing note. ``BENCH_COLD=page,county`` draws every county
afresh too, as after a round ends (tests.bench.cold; ``page`` unless told).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from tests.bench.served import (
    BASE_DIR,
    GZIP,
    _bench_env,
    _free_port,
    _get,
    _load,
    _poll_query,
    _process,
    _session_cookie,
    _setup_django,
    five_at_a_late_table,
    own_half_moved,
    paired_ms,
    table_half_moved,
)

REQUESTS = 40  # pairs per request and round
SIDES = ("now", "then")


def _worktree(commit: str, where: Path, env: dict[str, str]) -> Path:
    """A checkout of ``commit`` at ``where``, its messages compiled, removed when done."""
    git = ["git", "-C", str(BASE_DIR)]
    subprocess.run([*git, "worktree", "add", "--detach", str(where), commit], check=True)
    subprocess.run(
        [sys.executable, "manage.py", "compilemessages", "-v0"],
        cwd=where, env={**env, "PYTHONPATH": str(where)}, check=True,
    )  # fmt: skip
    return where


def _requests(port: int, game_id: int, cookie: str) -> dict[str, str]:
    """The three requests as this server's page would make them (its own token and marks)."""
    from games.models import Game

    poll = _poll_query(port, Game.objects.get(pk=game_id), cookie)
    status = f"/games/{game_id}/status/?"
    return {
        "page drawn afresh": f"/games/{game_id}/",
        "#game after a change of one's own": status + own_half_moved(poll),
        "table panel after a neighbour's move": status + table_half_moved(poll),
    }


def run(commit: str, rounds: int) -> None:
    env = _bench_env()
    _setup_django(env)
    users, table = five_at_a_late_table()
    cookie = _session_cookie(users[0])
    ports = {side: _free_port() for side in SIDES}
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        then = _worktree(commit, Path(tmp) / "then", env)
        remove = ["git", "-C", str(BASE_DIR), "worktree", "remove", "--force", str(then)]
        stack.callback(subprocess.run, remove, check=True)
        for side, tree in zip(SIDES, (BASE_DIR, then), strict=True):
            gunicorn = [
                sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", "--workers", "1",
                "--no-control-socket", "--bind", f"127.0.0.1:{ports[side]}",
                "--log-level", "info",
            ]  # fmt: skip
            # The page cache missed on purpose; each version its own drawn counties.
            side_env = {
                **env, "PYTHONPATH": str(tree), "BENCH_COLD": _cold(),
                "BENCH_CACHE_PREFIX": f"versus-{side}-",
            }  # fmt: skip
            stack.enter_context(_process(gunicorn, side_env, "Booting", cwd=tree))
        asked = {side: _requests(ports[side], table.pk, cookie) for side in SIDES}
        both = (ports["now"], ports["then"])
        pairs: dict[str, list[list[tuple[float, float]]]] = {name: [] for name in asked["now"]}
        loads = [_load()]
        for _ in range(rounds):
            for name in pairs:
                paths = (asked["now"][name], asked["then"][name])
                for side, path in zip(SIDES, paths, strict=True):
                    _get(ports[side], path, cookie, GZIP)  # its counties drawn once (warm)
                pairs[name].append(paired_ms(both, paths, (cookie, cookie), REQUESTS))
            loads.append(_load())
    print(f"now ({_head()}) against {commit}: {rounds} rounds x {REQUESTS} pairs each, "
          f"BENCH_COLD={_cold()}; {loads[0]} → {loads[-1]}")  # fmt: skip
    for name, runs in pairs.items():
        every = [pair for run in runs for pair in run]
        now = statistics.median(n for n, _ in every)
        before = statistics.median(t for _, t in every)
        saved = statistics.median(t - n for n, t in every) / before * 100
        by_round = sorted(
            statistics.median(t - n for n, t in run) / statistics.median(t for _, t in run) * 100
            for run in runs
        )
        print(f"  {name}: {before:.2f} → {now:.2f} ms (median), {saved:+.1f} % saved "
              f"(per round {by_round[0]:+.0f} to {by_round[-1]:+.0f} %)")  # fmt: skip


def _cold() -> str:
    """The caches both versions miss on purpose: the page's, and the counties' when asked."""
    return os.environ.get("BENCH_COLD", "page")


def _head() -> str:
    return subprocess.run(
        ["git", "-C", str(BASE_DIR), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip


if __name__ == "__main__":
    if not 2 <= len(sys.argv) <= 3:
        raise SystemExit("usage: python -m tests.bench.versus <commit> [rounds]")
    run(sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 8)
