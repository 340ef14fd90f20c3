"""The ratings' mark in the cache: it moves whenever a table's rating is saved, so every page
drawn from ratings (the leaderboard, player pages) is drawn again rather than served stale.

Each process reads the mark at most once a second (a page served from the cache then costs one
trip to the cache, not two); the process that rates a table sees its own change at once.
"""

from __future__ import annotations

import time

from django.core.cache import cache

_KEY = "ratings:generation"
_FRESH_FOR = 1.0  # seconds a process trusts the mark it read last
_read: list[float] = [-_FRESH_FOR, 0]  # when this process last read the mark, and its value


def generation() -> int:
    """The current mark (0 until the first rating since the cache was emptied)."""
    now = time.monotonic()
    if now - _read[0] >= _FRESH_FOR:
        _read[:] = [now, int(cache.get(_KEY, 0))]
    return int(_read[1])


def ratings_changed() -> None:
    """Move the mark (called once a rating's transaction has committed)."""
    mark = time.time_ns()
    cache.set(_KEY, mark, None)
    _read[:] = [time.monotonic(), mark]
