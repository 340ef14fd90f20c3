"""The CPU time the site's processes spend, read from ``/proc`` (Linux): the gunicorn master and
its workers, the Celery worker, and the PostgreSQL backends serving the run's database.

A sampler reads every process once a second, so a process that starts or ends during the run
(a new database connection, a restarted worker) is counted for the time it was seen.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float | None:
    """User plus system time of one process so far (None: it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: the fields follow the last ")".
    fields = text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def children(pid: int) -> list[int]:
    """The direct children of ``pid`` (gunicorn's workers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


class Sampler(threading.Thread):
    """Track the CPU time of each named group of processes between ``start`` and ``stop``.

    ``groups`` maps a name ("web", "worker", "PostgreSQL") to a function listing its pids now.
    """

    def __init__(self, groups: dict[str, Callable[[], list[int]]], every: float = 1.0) -> None:
        super().__init__(daemon=True)
        self.groups, self.every = groups, every
        self.first: dict[tuple[str, int], float] = {}
        self.last: dict[tuple[str, int], float] = {}
        self._stop_event = threading.Event()

    def _sample(self, *, starting: bool = False) -> None:
        for name, pids in self.groups.items():
            for pid in pids():
                seconds = cpu_seconds(pid)
                if seconds is None:
                    continue
                # A process first seen after the start is counted from zero: it is new.
                self.first.setdefault((name, pid), seconds if starting else 0.0)
                self.last[(name, pid)] = seconds

    def run(self) -> None:
        self._sample(starting=True)
        while not self._stop_event.wait(self.every):
            self._sample()

    def stop(self) -> dict[str, float]:
        """Stop sampling; the CPU seconds each group spent since the start."""
        self._stop_event.set()
        self.join()
        self._sample()
        spent = dict.fromkeys(self.groups, 0.0)
        for (name, pid), seconds in self.last.items():
            spent[name] += seconds - self.first[(name, pid)]
        return spent


def thread_cpu_seconds(pid: int) -> float:
    """Time on a CPU of every thread of ``pid`` so far, to the nanosecond (``schedstat``): fine
    enough to tell one request's share, where ``stat`` counts in ticks of 10 ms."""
    total = 0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            continue  # a thread that just ended
    return total / 1e9
