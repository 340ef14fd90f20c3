"""Drawn counties kept in Django's cache (Redis in production), so each is drawn once, not per page.

A county is cached under a digest of exactly what it draws: the grid's box and cells
(``CountyGrid.key``), its size, its title and the language of its words. The grid is the one
the viewer is shown (``engine.view``), so a neighbour's hidden turn (R4.2) is not in it: the
neighbour's own page draws their county from another grid, under another key, and what everyone
else gets stays the same until the round ends. A key names one drawing only, so an entry never
goes stale and nothing has to be removed when a game moves on; drawings nobody asks for any more
age out.

Because entries never change, each process also keeps the drawings it used last in memory, in
front of the shared cache (a page shows five counties, and each trip to Redis costs a little);
the other counties of a page are asked for in one trip, and those drawn afresh stored in one.

The county told in words (``CountyGrid.description``, read out under each county) and what it
scores (``engine.county_points``, in the scores beside it) are kept in the same memory, beside
the drawings, under the same kind of key: they change when they do.

Counties people act on (``cell_url``, ``targets``, a placement ``overlay``) are drawn afresh each
time: they carry the request's CSRF token and the tile being tried. A viewer's own county, when
nobody acts on it, is kept in the process only (``shared=False``): nobody else's page shows it
(its box reaches as far as the viewer's tile could go, under the title "Your county"), it
changes with each of the viewer's turns, and drawing it costs about what asking the shared cache
for it does, so storing it there cost more than it ever saved.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from django.core.cache import cache
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

import engine
from games.page.county import CountyGrid
from games.page.county_html import render_county

T = TypeVar("T")

#: How long an unread drawing stays in the shared cache (a county changes at most once a round).
TIMEOUT = 24 * 3600
#: How many drawings a process keeps in memory (some 20 KB each); it starts afresh when full.
KEPT = 500
_kept: dict[str, str] = {}
#: What the counties this process drew lately score, kept as their drawings are.
_points: dict[str, engine.CountyPoints] = {}
_HERE = Path(__file__).parent


def markup_digest(drawn_by: Path) -> str:
    """A short digest of the code a drawing's markup comes from: ``drawn_by`` and the county
    package (labels, seams, a piece's squares). A release that changes them draws anew."""
    sources = (drawn_by, *sorted((_HERE / "county").glob("*.py")))
    return hashlib.blake2b(b"".join(p.read_bytes() for p in sources), digest_size=6).hexdigest()


_MARKUP = markup_digest(_HERE / "county_html.py")


def cache_key(grid: CountyGrid, size: str, title: str) -> str:
    """The cache key of ``grid`` drawn at ``size`` under ``title``, in the active language.

    >>> from django.utils import translation
    >>> from engine import Cell, Display, Landscape
    >>> from games.page.county import county_grid
    >>> grid = county_grid(Display({(0, 0): Cell(Landscape.BOG)}))
    >>> cache_key(grid, "small", "Ann’s county") == cache_key(grid, "small", "Bob’s county")
    False
    >>> with translation.override("de"):
    ...     german = cache_key(grid, "small", "Ann’s county")
    >>> german == cache_key(grid, "small", "Ann’s county")
    False
    """
    language = translation.get_language()
    what = hashlib.blake2b(f"{size}|{title}|{language}".encode(), digest_size=8).hexdigest()
    return f"county:{_MARKUP}:{grid.key}:{what}"


def county_html(
    grid: CountyGrid,
    *,
    size: str = "large",
    title: str = "County",
    shared: bool = True,
    **acting: Any,
) -> SafeString:
    """The county as ``render_county`` draws it (``acting``: its other parameters), from the
    cache when nobody acts on it (no tile tried, no targets, no cell to click); ``shared``:
    as :func:`counties_html` keeps it."""
    if acting.get("cell_url") or acting.get("overlay") or acting.get("targets"):
        return render_county(grid, size=size, title=title, **acting)
    return counties_html([(grid, size, title)], shared=shared)[0]


def counties_html(
    drawings: Sequence[tuple[CountyGrid, str, str]], *, shared: bool = True
) -> list[SafeString]:
    """Counties nobody acts on, each ``(grid, size, title)`` as :func:`county_html` draws it:
    those this process does not keep are asked of the shared cache in one trip, and those
    drawn afresh are stored in one more (after a round's end, a page draws them all). Not
    ``shared``: kept in this process only, never asked of the shared cache nor stored there."""
    keys = [cache_key(grid, size, title) for grid, size, title in drawings]
    # One read each: another thread may empty the process's memory between two (``_keep``).
    found = {key: html for key in keys if (html := _kept.get(key)) is not None}
    missing = [key for key in keys if key not in found]
    if missing:
        if shared:
            found |= cache.get_many(missing)
        drawn = {
            key: str(render_county(grid, size=size, title=title))
            for key, (grid, size, title) in zip(keys, drawings, strict=True)
            if key not in found
        }
        if drawn:
            if shared:
                cache.set_many(drawn, TIMEOUT)
            found |= drawn
        for key in missing:
            _keep(_kept, key, found[key])
    return [mark_safe(found[key]) for key in keys]


def county_words(grid: CountyGrid) -> str:
    """``grid.description`` in the active language, told once per process (not stored in the
    shared cache: telling it costs about what a trip there does)."""
    key = cache_key(grid, "words", "")
    words = _kept.get(key)
    if words is None:
        words = _keep(_kept, key, grid.description)
    return words


def county_points(grid: CountyGrid) -> engine.CountyPoints:
    """What ``grid``'s county scores, worked out once per process while its drawing is the same
    (a page scores every seat's county, and the others' change only when a round ends)."""
    key = cache_key(grid, "points", "")
    points = _points.get(key)
    if points is None:
        points = _keep(_points, key, engine.county_points(grid.cells))
    return points


def _keep(memory: dict[str, T], key: str, kept: T) -> T:
    """Keep ``kept`` in this process's ``memory`` (``_kept``, ``_points``) under ``key``."""
    if len(memory) >= KEPT:
        memory.clear()  # simpler than an LRU, and safe between threads
    memory[key] = kept
    return kept
