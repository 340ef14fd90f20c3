"""Each speed override of the site against plain Django, measured in the same run.

For every override (tests.bench.plain names them) a web process runs the site without it, beside
one running the site as it is; the request the override speeds up is timed on both, one
request at a time through gunicorn and the whole Django stack, in rounds that take turns so
that whatever else the machine does weighs on both sides alike. A row gives the site's time,
plain Django's and the share of the request the override saves: one that saves under 10 % is
not worth its code. Run alone with ``python -m tests.bench bench_overrides``.
"""

from __future__ import annotations

import random
import statistics
import sys
from contextlib import ExitStack
from typing import TYPE_CHECKING

from tests.bench import Measurement
from tests.bench.plain import OVERRIDES
from tests.bench.served import (
    _bench_env,
    _free_port,
    _load,
    _poll_query,
    _process,
    _session_cookie,
    _setup_django,
    five_at_a_late_table,
    paired_ms,
    table_half_moved,
)

if TYPE_CHECKING:
    pass

ROUNDS = 12
REQUESTS = 80  # per variant and round
KEEP = 10.0  # per cent of the request an override must save to stay
#: The overrides that are settings of a library (or of Python's cycle collector, with the template
#: backend that leaves it little to collect) rather than code of ours: each must save some.
SETTINGS = {"prepared": 0.0, "gzip_level": 0.0, "collector": 0.0}

#: What each override speeds up: the cached game page of round 10 at a table of five, as a
#: browser asks for it (gzip), its poll while nothing changed, its poll after a neighbour's
#: move (the table panel drawn afresh: what every other player at a table gets for each move),
#: or the page drawn afresh (after a change the viewer may see).
SPEEDS_UP = {
    "stencil": "page",
    "get_user": "page",
    "poll_sql": "poll",
    "poll_first": "poll",
    "poll_redis": "poll",
    "table_for": "poll after a neighbour's move",
    "prepared": "page drawn afresh",
    "gzip_level": "page drawn afresh",
    "collector": "page drawn afresh",
}
#: What an override is measured against when not the site as it is: the poll's query is timed
#: on polls that read the database, as they do when Redis keeps nothing for their viewer; the
#: table read for a panel drawn afresh, and prepared statements, on the site missing its page
#: cache too.
BESIDE = {
    "poll_sql": "poll_redis", "table_for": "cold", "prepared": "cold", "gzip_level": "cold",
    "collector": "cold",
}  # fmt: skip
#: The variants that miss the page cache on purpose (tests.bench.cold).
COLD = {"cold", "table_for", "prepared", "gzip_level", "collector"}
#: The overrides whose gain is in the slowest requests rather than the typical one: the cycle
#: collector, when it walks a whole process, holds up the request under way for some 100 ms.
SLOWEST = {"collector"}


def run() -> list[Measurement]:
    env = _bench_env()
    _setup_django(env)
    users, table = five_at_a_late_table()

    site_backend = "accounts.backends.ModelBackend"
    plain_backend = "django.contrib.auth.backends.ModelBackend"
    variants = {
        "site": "",
        "cold": "",
        **{
            name: ",".join(n for n in (name, BESIDE.get(name)) if n in OVERRIDES)
            for name in OVERRIDES
        },
    }
    cookies = {
        v: _session_cookie(users[0], plain_backend if v == "get_user" else site_backend)
        for v in variants
    }
    ports = {v: _free_port() for v in variants}
    page = f"/games/{table.pk}/"
    with ExitStack() as stack:
        for variant, names in variants.items():
            gunicorn = [
                sys.executable, "-m", "gunicorn", "tipperary_site.wsgi", "--workers", "1",
                "--no-control-socket", "--bind", f"127.0.0.1:{ports[variant]}",
                "--log-level", "info",
            ]  # fmt: skip
            cold = {"BENCH_COLD": "page"} if variant in COLD else {}
            switched = {**env, "BENCH_PLAIN": names, **cold}
            stack.enter_context(_process(gunicorn, switched, "Booting"))
        poll = f"{page}status/?{_poll_query(ports['site'], table, cookies['site'])}"
        moved = table_half_moved(poll)
        paths = {
            "page": page,
            "page drawn afresh": page,  # on the variants that miss the page cache
            "poll": poll,
            "poll after a neighbour's move": moved,
        }
        pairs: dict[str, list[list[tuple[float, float]]]] = {name: [] for name in OVERRIDES}
        loads = [_load()]
        order = list(OVERRIDES)
        for _ in range(ROUNDS):
            random.shuffle(order)
            for name in order:
                beside = BESIDE.get(name, "site")
                both = (ports[beside], ports[name])
                cookie_pair = (cookies[beside], cookies[name])
                path = paths[SPEEDS_UP[name]]
                paired_ms(both, (path, path), cookie_pair, 5)  # warm: drawn and stored on both
                pairs[name].append(paired_ms(both, (path, path), cookie_pair, REQUESTS))
            loads.append(_load())
    out = []
    for name in OVERRIDES:
        every = [pair for run in pairs[name] for pair in run]
        site = statistics.median(s for s, _ in every)
        plain = statistics.median(p for _, p in every)
        # The difference within each pair: what the machine did meanwhile weighs on both.
        saved = statistics.median(p - s for s, p in every) / plain * 100
        by_round = sorted(
            statistics.median(p - s for s, p in run) / statistics.median(p for _, p in run) * 100
            for run in pairs[name]
        )
        out.append(
            Measurement(
                f"{name}: share of the {SPEEDS_UP[name]} saved",
                saved,
                "%",
                limit=SETTINGS.get(name, KEEP),
                higher_is_better=True,
                note=f"{site:.2f} ms with, {plain:.2f} ms plain Django (medians of {ROUNDS} "
                f"rounds x {REQUESTS} pairs; saved per round {by_round[0]:.0f} to "
                f"{by_round[-1]:.0f} %); "
                f"{loads[0]} → {loads[-1]}",
            )
        )
        if name in SLOWEST:
            out.append(_slowest(name, every))
    return out


def _slowest(name: str, every: list[tuple[float, float]]) -> Measurement:
    """The slowest of the site's requests against plain Django's, from the same pairs."""
    site, plain = sorted(s for s, _ in every), sorted(p for _, p in every)
    tail = len(every) * 995 // 1000
    return Measurement(
        f"{name}: the slowest {SPEEDS_UP[name]}",
        site[-1],
        "ms",
        limit=plain[-1],
        note=f"plain Django's slowest {plain[-1]:.0f} ms; the 99.5th percentile {site[tail]:.1f} "
        f"against {plain[tail]:.1f} ms, of {len(every)} pairs",
    )
