"""Pages drawn afresh on every request, for ``bench_web``'s cold rows: what a player gets after a
change they may see, when the page cache has nothing for them.

A web process started with ``BENCH_COLD=page`` gives every game page a cache key of its own, so
each request misses the page cache and draws, stores and sends the page as after a change (the
lookup and the store are part of the cost, as they are then). With ``BENCH_COLD=page,county``
every county drawing gets a key of its own too, so each is drawn anew and stored, as after the
round ends (stored for a minute, not a day, since no key is asked for twice). A fresh key costs a
counter and a few characters, next to milliseconds of drawing.
"""

from __future__ import annotations

import itertools
import os
from typing import Any

from tests.bench.switches import switched

#: What can be made cold.
PARTS = ("page", "county")


def cold() -> set[str]:
    """The caches this process misses on purpose."""
    return switched("BENCH_COLD", PARTS)


def install() -> None:
    """Give pages (and counties) keys never used before, as ``BENCH_COLD`` asks."""
    from games.page import county_cache
    from games.views import play

    names = cold()
    fresh = itertools.count()
    if "page" in names:
        page_key = play.page_key

        def fresh_page_key(request: Any, *parts: object) -> str:
            # The process id too: each gunicorn worker counts from zero.
            return page_key(request, *parts, os.getpid(), next(fresh))

        play.page_key = fresh_page_key
    if "county" in names:
        cache_key = county_cache.cache_key

        def fresh_cache_key(grid: Any, size: str, title: str) -> str:
            return f"{cache_key(grid, size, title)}:{os.getpid()}:{next(fresh)}"

        county_cache.cache_key = fresh_cache_key
        # Stored as ever (the store is part of the cost), but not kept a day: nobody asks again.
        county_cache.TIMEOUT = 60
