"""The ratings' mark in the cache: it moves whenever a table's rating is saved, so every page
drawn from ratings (the leaderboard, player pages) is drawn again rather than served stale."""

from __future__ import annotations

import time

from django.core.cache import cache

_KEY = "ratings:generation"


def generation() -> int:
    """The current mark (0 until the first rating since the cache was emptied)."""
    return int(cache.get(_KEY, 0))


def ratings_changed() -> None:
    """Move the mark (called once a rating's transaction has committed)."""
    cache.set(_KEY, time.time_ns(), None)
