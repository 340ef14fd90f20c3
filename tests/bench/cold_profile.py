"""The cold game page and the poll's ``#game`` fragment in one process: time per request, the
time spent in each part (the parts drawn in Python inside the template render, indented; the
page's lazily worked-out properties where they are worked out; the garbage collector's share),
and a cProfile of the slowest functions.

The table and the settings are ``bench_web``'s (round 10, 5 players, ``DEBUG=0``), on a database
of its own (``<DATABASE_URL name>_profile``); the caches missed on purpose as ``BENCH_COLD``
says (tests.bench.cold; ``page`` unless told). Not a bench row: a look inside one, to see what
to cut. Run with ``python -m tests.bench.cold_profile [requests] [--profile] [--nodes]
[--chat N] [--save]``: ``--nodes`` times each template node, ``--chat N`` has the players write
N messages at the table first (the bench's table has none), ``--save`` writes the page and the
fragment to ``/tmp`` to look at what is sent.
"""

from __future__ import annotations

import cProfile
import gc
import os
import pstats
import re
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse

from tests.bench.served import _bench_env, _setup_django, late_table

#: (module, name) of what the per-part timers wrap, and the label they are reported under.
PARTS = [
    ("games.access", "table_for", "table_for (2 queries)"),
    ("games.views.play", "table_for", "table_for (2 queries)"),
    ("games.views.play", "current_token", "current_token (1 query)"),
    ("games.views.play", "build_page", "build_page"),
    ("games.page.chat", "chat_panel", "chat panel (query + names)"),
    ("games.page.chat_html", "chat_panel", "chat panel (query + names)"),
    ("games.page.stencil.Stencil", "cut", "stencil: cut round the CSRF token"),
    ("games.page.stencil.Stencil", "gzipped", "stencil: gzip"),
    ("django.template.response.SimpleTemplateResponse", "render", "template render (all)"),
    # Inside the template render: the parts drawn in Python (games.page.*_html).
    ("games.page.turn_html", "render_tile_turn", "  the tile turn (drawn)"),
    ("games.page.chat_html", "render_chat", "  chat panel (drawn)"),
    ("games.page.table_html", "render_scores", "  scores (drawn)"),
    ("games.page.table_html", "render_wheel", "  wheel (drawn)"),
    ("games.page.table_html", "render_others", "  other counties (cached, drawn)"),
    ("games.page.table_html", "page_poll", "  poll (drawn)"),
    ("games.page.turn_html", "county_html", "  own county (cached)"),
    # Inside those two: a county drawn afresh (its words included); and the shared cache's trips
    # for several keys at once: the counties a page shows (and, on a page, its own lookup).
    ("games.page.county_cache", "render_county", "    a county drawn afresh"),
    ("games.page.county.grid", "describe_county", "      the county told in words"),
    ("django.core.cache.backends.redis.RedisCache", "get_many", "    cache: several keys asked"),
    ("django.core.cache.backends.redis.RedisCache", "set_many", "    cache: several keys stored"),
    # Inside build_page and the template render: the engine's part.
    ("games.page.model", "load_state", "  the engine's state from its row"),
    ("games.page.model", "player_panels", "  player panels (scores counted)"),
    # Outside the view: the person and their language, read on first use; the compression of
    # a fragment (a page is compressed by its stencil).
    ("accounts.middleware", "profile_language", "session and person (1 query)"),
    ("tipperary_site.gzip.GZipMiddleware", "process_response", "gzip (fragments)"),
]

#: The page's properties worked out the first time the template asks (``games.page.model``),
#: timed where they are worked out rather than in the node that first asks for them.
LAZY = ("turn", "my_county", "next_table", "can_undo")

spent: dict[str, list[float]] = defaultdict(list)


#: This process's CPU time: on a shared machine it hardly moves with what else runs (wall time
#: does), and it is what the bench's "by CPU" rows count. Waiting on PostgreSQL is not in it.
clock = time.thread_time


def _timed(label: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label].append(clock() - start)

    timed.__wrapped__ = function  # type: ignore[attr-defined]
    return timed


def _install_timers() -> None:
    import importlib

    for where, name, label in PARTS:
        module_name, _, owner = where.rpartition(".")
        try:
            module = importlib.import_module(where)
            target: Any = module
        except ModuleNotFoundError:
            target = getattr(importlib.import_module(module_name), owner)
        setattr(target, name, _timed(label, getattr(target, name)))
    from games.page.model import GamePage

    for name in LAZY:
        prop = vars(GamePage)[name]
        prop.func = _timed(f"  page.{name} (worked out)", prop.func)


#: Python's cyclic garbage collector: time spent collecting, and collections by generation.
collecting: dict[str, Any] = {"spent": 0.0, "runs": [0, 0, 0], "start": 0.0}


def _gc_timer(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        collecting["start"] = clock()
    else:
        collecting["spent"] += clock() - collecting["start"]
        collecting["runs"][info["generation"]] += 1


#: Template nodes' own time (less the nodes inside them), by template, line and kind of node.
nodes: dict[tuple[str, int, str], float] = defaultdict(float)


def _install_node_timers() -> None:
    from django.template import base

    render_annotated = base.Node.render_annotated
    inner: list[float] = []

    def timed(self: Any, context: Any) -> Any:
        start = clock()
        inner.append(0.0)
        try:
            return render_annotated(self, context)
        finally:
            total = clock() - start
            own = total - inner.pop()
            if inner:
                inner[-1] += total
            origin = getattr(self, "origin", None)
            token = getattr(self, "token", None)
            where = (
                getattr(origin, "template_name", None) or "?",
                getattr(token, "lineno", 0),
                type(self).__name__,
            )
            nodes[where] += own

    base.Node.render_annotated = timed  # type: ignore[method-assign]


@contextmanager
def _queries() -> Iterator[list[dict[str, str]]]:
    from django.db import connection

    found: list[dict[str, str]] = []

    def keep(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            found.append({"sql": sql, "time": f"{(time.perf_counter() - start) * 1000:.2f}"})

    with connection.execute_wrapper(keep):
        yield found


def _talk(table: Any, people: list[Any], count: int) -> None:
    """``count`` messages at ``table``, the players in turn, five minutes apart (the rate limit
    counts a minute)."""
    from datetime import timedelta

    from django.utils import timezone

    from games.services.chat import post_message

    start = timezone.now() - timedelta(minutes=5 * count)
    for i in range(count):
        when = start + timedelta(minutes=5 * i)
        post_message(table.pk, people[i % len(people)], f"Message {i}: well played!", now=when)


def _file_name(path_name: str) -> str:
    """``#game, talk changed`` → ``game-talk-changed``."""
    return re.sub(r"\W+", "-", path_name).strip("-")


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv and argv[0].isdigit() else 200
    env = _bench_env()
    url = urlparse(env["DATABASE_URL"])
    env["DATABASE_URL"] = url._replace(path=url.path.removesuffix("_bench") + "_profile").geturl()
    env.setdefault("BENCH_COLD", "page")
    env["ALLOWED_HOSTS"] = "testserver"
    _setup_django(env)
    from django.test import Client

    from tests.factories import UserFactory
    from tipperary_site.celery import app as celery_app

    celery_app.conf.task_always_eager = True
    people = [UserFactory.create(username=n) for n in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    table = late_table(people)
    if "--chat" in argv:
        _talk(table, people, int(argv[argv.index("--chat") + 1]))
    celery_app.conf.task_always_eager = False
    import tests.bench.web_urls  # noqa: F401  (BENCH_COLD takes effect)

    client = Client(HTTP_ACCEPT_ENCODING="gzip")
    client.force_login(people[0])
    page = client.get(f"/games/{table.pk}/", headers={"accept-encoding": "identity"})
    assert page.status_code == 200, page.status_code
    poll = re.search(
        rb"/status/\?t=([0-9a-f]{12})[0-9a-f]{12}&amp;(v=\d+)&amp;(c=[0-9.]+)&amp;(k=\w+&amp;w=\w+)",
        page.content,
    )
    assert poll is not None
    table_half, viewer, talk, board = (
        part.decode().replace("&amp;", "&") for part in poll.groups()
    )
    # The viewer's own half moved: the poll answers with #game, keeping the page's chat panel,
    # other counties and wheel, or drawing them too when they moved as well (the board does at
    # a round's end).
    changed = f"/games/{table.pk}/status/?t={table_half}{'0' * 12}&{viewer}"
    # Only the table's half moved (a neighbour is done): the poll answers with #table.
    own_half = poll.group(0).decode().split("t=")[1][12:24]
    neighbour = f"/games/{table.pk}/status/?t={'0' * 12}{own_half}&{viewer}"
    fragment = {"HX-Request": "true", "HX-Target": "table"}
    paths = {
        "page": (f"/games/{table.pk}/", {}),
        "#game": (f"{changed}&{talk}&{board}", fragment),
        "#game, talk changed": (f"{changed}&c=0.0&{board}", fragment),
        "#game, board changed": (f"{changed}&{talk}&k=0&w=0", fragment),
        "#table, a neighbour done": (f"{neighbour}&{talk}&{board}", fragment),
    }
    for name, (path, headers) in paths.items():
        plain = client.get(path, headers={**headers, "accept-encoding": "identity"})
        print(f"{name}: {len(plain.content)} bytes unpacked, status {plain.status_code}")
        if "--save" in argv:
            saved = f"/tmp/cold_profile-{_file_name(name)}.html"
            with open(saved, "wb") as out:
                out.write(plain.content)
            print(f"  (saved: {saved})")
    _install_timers()
    profiling = "--profile" in argv
    if "--nodes" in argv:
        _install_node_timers()
    print(f"BENCH_COLD={env['BENCH_COLD']}, {count} requests each; load {os.getloadavg()}")
    for name, (path, headers) in paths.items():
        for _ in range(10):
            client.get(path, headers=headers)
        spent.clear()
        with _queries() as queries:
            client.get(path, headers=headers)
        print(f"\n== {name}: {len(queries)} queries")
        for q in queries:
            print(f"  {q['time']} ms  {q['sql'][:150]}")
        spent.clear()
        nodes.clear()
        collecting.update(spent=0.0, runs=[0, 0, 0])
        gc.callbacks.append(_gc_timer)
        times, cpu = [], []
        profile = cProfile.Profile(clock)
        for _ in range(count):
            start, start_cpu = time.perf_counter(), clock()
            if profiling:
                profile.enable()
            client.get(path, headers=headers)
            if profiling:
                profile.disable()
            times.append(time.perf_counter() - start)
            cpu.append(clock() - start_cpu)
        gc.callbacks.remove(_gc_timer)
        print(
            f"{name}: CPU median {statistics.median(cpu) * 1000:.2f} ms, tenth percentile "
            f"{statistics.quantiles(cpu, n=10)[0] * 1000:.2f} ms, best {min(cpu) * 1000:.2f} ms;"
            f" wall median {statistics.median(times) * 1000:.2f} ms"
        )
        for label, values in sorted(spent.items(), key=lambda kv: -sum(kv[1])):
            print(f"  {sum(values) / count * 1000:7.2f} ms  {label}")
        print(
            f"  {collecting['spent'] / count * 1000:7.2f} ms  garbage collection (anywhere above;"
            f" collections by generation {collecting['runs']})"
        )
        if nodes:
            print("  template nodes by their own time (less the nodes inside them):")
            for (template, line, kind), own in sorted(nodes.items(), key=lambda kv: -kv[1])[:30]:
                print(f"  {own / count * 1000:7.3f} ms  {template}:{line} {kind}")
        if profiling:
            dumped = f"/tmp/cold_profile-{_file_name(name)}.pstats"
            profile.dump_stats(dumped)
            print(f"  (the whole profile: {dumped})")
            stats = pstats.Stats(profile)
            stats.sort_stats("tottime").print_stats(25)
            stats.sort_stats("cumulative").print_stats(45)
            # The site's own functions, wherever they sit in the call tree.
            stats.sort_stats("cumulative").print_stats(
                r"games|engine|tipperary_site|accounts|i18n|trans_real|defaultfilters|formats", 60
            )


if __name__ == "__main__":
    main(sys.argv[1:])
