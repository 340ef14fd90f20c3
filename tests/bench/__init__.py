"""Benchmarks (``make bench``): each ``bench_*.py`` module returns measurements to print."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Measurement:
    """One line of the benchmark table.

    ``limit`` is the target in the same unit as ``value``; ``higher_is_better`` flips the
    comparison for throughputs and ratios.
    """

    name: str
    value: float
    unit: str
    limit: float | None = None
    higher_is_better: bool = False
    note: str = ""

    @property
    def target(self) -> str:
        if self.limit is None:
            return ""
        sign = ">" if self.higher_is_better else "<"
        return f"{sign} {self.limit:g} {self.unit}"

    def shown_value(self) -> str:
        return f"{self.value:.3g} {self.unit}"

    def verdict(self) -> str:
        if self.limit is None:
            return ""
        met = self.value > self.limit if self.higher_is_better else self.value < self.limit
        return "ok" if met else "MISSED"


def median_ms(action: Callable[[], object], repeat: int = 30, warmup: int = 3) -> float:
    """Median wall time of ``action`` in milliseconds."""
    for _ in range(warmup):
        action()
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)
