"""``make bench``: run every ``tests/bench/bench_*.py`` and print one table.

Each benchmark module has ``run() -> list[Measurement]``. Numbers are medians on this machine;
targets are printed beside them and never asserted (speed is measured, not tested). Each module
runs in a process of its own (``--one``), so none inherits another's Django set-up, database or
workers; its measurements come back as JSON lines.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import subprocess
import sys
import time

from tests.bench import Measurement


def _modules(only: list[str]) -> list[str]:
    import tests.bench as package

    names = sorted(
        f"tests.bench.{info.name}"
        for info in pkgutil.iter_modules(package.__path__)
        if info.name.startswith("bench_")
    )
    return [n for n in names if not only or any(o in n for o in only)]


def _row(cells: list[str], widths: list[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()


_MARK = "measurement: "


def _run_one(name: str) -> int:
    """Run one module here and print its measurements as JSON lines for the parent."""
    for measurement in importlib.import_module(name).run():
        print(_MARK + json.dumps(dataclasses.asdict(measurement)), flush=True)
    return 0


def _measured(name: str) -> list[Measurement]:
    """Run one module in a process of its own; its measurements (none if it failed)."""
    child = subprocess.run(
        [sys.executable, "-m", "tests.bench", "--one", name],
        stdout=subprocess.PIPE, text=True, check=False,
    )  # fmt: skip
    if child.returncode:
        print(f"  {name} failed (exit {child.returncode})", file=sys.stderr, flush=True)
    return [
        Measurement(**json.loads(line.removeprefix(_MARK)))
        for line in child.stdout.splitlines()
        if line.startswith(_MARK)
    ]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--one"]:
        return _run_one(argv[1])
    results: list[tuple[str, Measurement]] = []
    for name in _modules(argv):
        started = time.perf_counter()
        print(f"running {name} ...", file=sys.stderr, flush=True)
        for measurement in _measured(name):
            results.append((name.removeprefix("tests.bench.bench_"), measurement))
        print(f"  done in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    header = ["suite", "measurement", "value", "target", "verdict", "note"]
    rows = [[s, m.name, m.shown_value(), m.target or "", m.verdict(), m.note] for s, m in results]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    print(_row(header, widths))
    print(_row(["-" * w for w in widths], widths))
    for row in rows:
        print(_row(row, widths))
    if not rows:
        print("no benchmarks found")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
