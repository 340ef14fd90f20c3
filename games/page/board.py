"""What the table panel's board shows a seated viewer, the other counties and the wheel, as two
short marks (``k`` and ``w``) that their page sends back with its poll, a move and an undo.

The other counties change only when a round ends (a turn in play stays hidden, R4.2: a
neighbour's tile shows only then), and so does the wheel, but for the viewer's own pick, yet a
neighbour's move sends the table panel again and a move the whole game. While a mark stands,
the answer carries what it marks as empty ``hx-preserve`` stand-ins and htmx keeps the page's
own: some 64 KB of a 5-player table panel neither drawn, compressed nor sent again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from games.page import county_cache
from games.page.model import GamePage
from games.page.others_html import county_title
from games.page.wheel_html import wheel_key


def _digest(parts: list[str]) -> str:
    return hashlib.blake2b("|".join(parts).encode(), digest_size=6).hexdigest()


def counties_mark(page: GamePage) -> str:
    """A digest of each other county's drawing on the viewer's page (its cache key names one
    drawing: grid, title, language)."""
    others = (p for p in page.players if not p.is_me)
    # The key as ``county_cache`` has it when called (the bench's cold rows give each drawing a
    # new one, as a round's end does: tests.bench.cold).
    return _digest([county_cache.cache_key(p.county, "small", county_title(p)) for p in others])


def wheel_mark(page: GamePage) -> str:
    """A digest of the wheel's drawing on the viewer's page, if shown (not at the towers step
    nor once the game is over)."""
    if page.towers_step or page.finished:
        return _digest([])
    return _digest([wheel_key(page.shown.areas, page.my_area, page.owners)])


def board_kept(marks: Mapping[str, str], page: GamePage) -> dict[str, object]:
    """What of the board a page that sent ``marks`` (its ``k`` and ``w``) shows as it stands,
    for the answer to leave in place: ``counties_kept`` and ``wheel_kept``; and the marks of
    the board the answer shows, ``counties_mark`` and ``wheel_mark``, for its poll to send
    (worked out once: a county's mark reads its whole grid)."""
    seated = page.me is not None
    counties, wheel = counties_mark(page), wheel_mark(page)
    return {
        "counties_kept": seated and marks.get("k") == counties,
        "wheel_kept": seated and marks.get("w") == wheel,
        "counties_mark": counties,
        "wheel_mark": wheel,
    }
