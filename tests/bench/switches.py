"""What a bench's extra web process is told to do differently, by a comma-separated variable."""

from __future__ import annotations

import os


def switched(variable: str, known: tuple[str, ...]) -> set[str]:
    """The names listed in ``variable`` (e.g. ``BENCH_PLAIN=stencil,get_user``), each known."""
    names = {n for n in os.environ.get(variable, "").split(",") if n}
    unknown = names - set(known)
    if unknown:
        raise SystemExit(f"{variable} names nothing it can switch: {sorted(unknown)}")
    return names
