"""The game page of a 5-player table late in the game and its live-update poll under gunicorn on
PostgreSQL, against a trivial view, and the page's size on the wire, with the placement JSON its
tile turn carries; the same page and the ``#game`` fragment its poll gets after a change drawn
afresh, as players get them (tests.bench.cold); the time from a round's last submit to the next
round, through Redis and a real worker; the time from the last player's click in Chromium to the
next round on their page; and, in the same Chromium, the time from a click on a legal spot to the
tile drawn there.

Everything runs in one go on its own database (``<DATABASE_URL name>_bench``), with the
production-like settings of ``DEBUG=0``. Run alone with ``python -m tests.bench bench_web``;
with ``BENCH_WEB=poll`` only the trivial view and the unchanged poll are measured (a minute);
with ``BENCH_WEB=cold`` it stops after the cold rows (no worker, no Chromium).
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from tests.bench import Measurement
from tests.bench.served import (
    BASE_DIR,
    GZIP,
    SECONDS,
    _bench_env,
    _chromium,
    _cpu_ms,
    _free_port,
    _get,
    _gunicorn,
    _load,
    _poll_query,
    _process,
    _session_cookie,
    _setup_django,
    _throughput,
    late_table,
    own_half_moved,
    table_half_moved,
)
from tests.load.cpu import children

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from playwright.sync_api import Browser, Page

    from games.models import Game
    from tests.fixtures.worker import Worker

SPOTS = 20  # legal spots clicked in Chromium, one after another
TURNS = 4  # the cold rows: slices of SECONDS each of their requests takes in turn


def _cold_rows(env: dict[str, str], table: Game, cookie: str, late: str) -> list[Measurement]:
    """The game page and the poll's ``#game`` fragment drawn afresh, as players get them after a
    change, against the trivial view timed in turns with them on the same server.

    Each variant runs a server of its own (tests.bench.cold): with the page cache missed on
    purpose (every request a new key), counties warm (drawn once per process, as after a
    neighbour's move, whose turn stays hidden) or cold (every county a new key, as after the
    round ends). The fragment is what the poll answers when the viewer's own half of the token
    moved (a new round, the towers step): never from the page cache, so only counties differ.
    The table talk has not changed (the page sends what it shows), so the page keeps its panel;
    nor, with counties warm, have the other counties and the wheel (a hidden move), so it keeps
    those too. Cold, every drawing is new and so is the mark the page sent for the counties, and
    the wheel's is an old one: they are drawn and sent, as after a round's end.
    """
    out = []
    for counties in ("warm", "cold"):
        port = _free_port()
        parts = "page" if counties == "warm" else "page,county"
        with _process(_gunicorn(port), {**env, "BENCH_COLD": parts}, "Booting worker") as web:
            token = _poll_query(port, table, cookie)
            # The viewer's own half moved, the table's did not: the poll answers with #game.
            changed = own_half_moved(token)
            if counties == "cold":  # after a round's end the wheel has turned too
                changed = re.sub(r"&w=\w+", "&w=0", changed)
            for _ in range(4):  # both workers started, their counties drawn once (if warm)
                _get(port, f"/games/{table.pk}/", cookie, GZIP)
                _get(port, f"/games/{table.pk}/status/?{changed}", cookie, GZIP)
            _throughput(port, "/bench/trivial", cookie, 1.0)
            paths = {
                "trivial": "/bench/trivial",
                "page": f"/games/{table.pk}/",
                "fragment": f"/games/{table.pk}/status/?{changed}",
            }
            rates = dict.fromkeys(paths, 0.0)
            spent, served = dict.fromkeys(paths, 0.0), dict.fromkeys(paths, 0)
            workers = children(web.pid)
            before = _load()
            # In turns, so that what else the machine does meanwhile weighs on each alike.
            for _ in range(TURNS):
                for name, path in paths.items():
                    rate, status, cpu, count = _cpu_ms(workers, port, path, cookie, SECONDS / TURNS)
                    assert status == 200, (path, status)
                    rates[name] += rate / TURNS
                    spent[name] += cpu
                    served[name] += count
            trivial, page, fragment = rates.values()
            each = {name: spent[name] / served[name] * 1000 for name in paths}
            how = f"{late}; page cache missed, counties {counties}; trivial {trivial:.0f} req/s"
            cpu_how = (
                f"web CPU per request: trivial {each['trivial']:.2f} ms, page "
                f"{each['page']:.1f} ms, #game {each['fragment']:.1f} ms"
            )
            out += [
                Measurement(
                    f"cold game page (counties {counties}) / trivial",
                    page / trivial,
                    "ratio",
                    0.1,
                    True,
                    f"{how}, page {page:.1f} req/s; {before} → {_load()[5:]}",
                ),
                Measurement(
                    f"#game after a change (counties {counties}) / trivial",
                    fragment / trivial,
                    "ratio",
                    0.15,
                    True,
                    f"{how}, the poll with a stale own half {fragment:.1f} req/s",
                ),
                Measurement(
                    f"  by CPU: cold game page (counties {counties}) / trivial",
                    each["trivial"] / each["page"],
                    "ratio",
                    0.1,
                    True,
                    f"the trivial view's web CPU per request over the page's; {cpu_how}",
                ),
                Measurement(
                    f"  by CPU: #game after a change (counties {counties}) / trivial",
                    each["trivial"] / each["fragment"],
                    "ratio",
                    0.15,
                    True,
                    f"the trivial view's web CPU per request over #game's; {cpu_how}",
                ),
            ]
    return out


def _time_round_end(game: Game, last: User, rng: random.Random, worker: Worker) -> list[float]:
    """Play a round; time its last submit until the next round shows (none if not timed)."""
    import engine
    from games import services
    from games.engine_bridge import load_state
    from games.models import Game
    from tests.games.playing import any_legal_action, finish_turns, step_of

    game = finish_turns(game, rng, skip=(1,))
    before = game.round
    while True:  # the second seat plays; the move that completes the round is timed
        state = load_state(game)
        notation = any_legal_action(state, 1, rng)
        if notation is None:
            return []
        after, _ = engine.apply(state, 1, engine.parse_action(notation))
        mark = len(worker.lines)
        started = time.perf_counter()
        services.submit_action(game.pk, last, notation, step_of(game, last))
        game.refresh_from_db()
        if engine.round_complete(after):
            break
    worker.wait_for_line(r"games\.advance_round\[.*\] succeeded.*: True", after=mark)
    assert Game.objects.get(pk=game.pk).round == before + 1
    return [(time.perf_counter() - started) * 1000]


def _sizes(port: int, game: Game, cookie: str) -> list[Measurement]:
    """The page and each of its fragments on the wire (KB), with their size unpacked; and the
    poll's answer after a neighbour's move (the table's half of the token moved), which leaves
    the page the talk, the other counties and the wheel it shows."""
    htmx = {"HX-Request": "true"}
    poll = _poll_query(port, game, cookie)
    neighbour = table_half_moved(poll)
    asked = {
        "game page": ({}, ""),
        "#game fragment": ({**htmx, "HX-Target": "game"}, ""),
        "#turn fragment (a tile tried)": ({**htmx, "HX-Target": "turn"}, "?slot=0"),
        "#table fragment": ({**htmx, "HX-Target": "table"}, ""),
        "#table after a neighbour's move (the poll)": (
            {**htmx, "HX-Target": "table"},
            f"status/?{neighbour}",
        ),
    }
    out = []
    for name, (headers, query) in asked.items():
        body, encoding = _get(port, f"/games/{game.pk}/{query}", cookie, {**headers, **GZIP})
        raw = gzip.decompress(body) if encoding == "gzip" else body
        out.append(
            Measurement(
                f"{name} on the wire",
                len(body) / 1000,
                "KB",
                limit=40,
                note=f"{encoding or 'not compressed'}; {len(raw) / 1000:.0f} KB unpacked",
            )
        )
    return out


def _tile_viewer(game: Game) -> User:
    """The first seat (Ann's, if she has one) with a tile turn, so the page carries the offer."""
    import engine
    from games.engine_bridge import load_state

    state = load_state(game)
    for seat in game.seats.select_related("user").order_by("position"):
        if engine.pending(state, seat.position).kind is engine.PendingKind.TILE:
            assert seat.user is not None
            return seat.user
    raise AssertionError(f"nobody has a tile turn in round {game.round}")


def _offer_size(port: int, game: Game, cookie: str) -> Measurement:
    """The bytes of the page's ``offer`` island (the placement JSON) for a seat on a tile turn."""
    body, encoding = _get(port, f"/games/{game.pk}/", cookie, {})
    html = (gzip.decompress(body) if encoding == "gzip" else body).decode()
    match = re.search(r'<script id="offer"[^>]*>(.*?)</script>', html, re.DOTALL)
    assert match is not None, "the game page has no offer island"
    island = match.group(1).encode()
    tiles = json.loads(island)["tiles"]
    anchors = sum(len(o["anchors"]) for tile in tiles for o in tile["orientations"])
    return Measurement(
        "placement JSON",
        len(island) / 1000,
        "KB",
        note=f"#offer island, {len(tiles)} tiles, {anchors} legal spots; "
        f"{len(gzip.compress(island)) / 1000:.1f} KB gzipped alone",
    )


def _signed_in(browser: Browser, base: str, cookie: str) -> Page:
    """A page of its own (its own cookies) carrying the session in ``cookie``."""
    name, value = cookie.split("=", 1)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": name, "value": value, "url": base}])
    return context.new_page()


def _time_clicks_to_next_round(
    browser: Browser, base: str, game: Game, cookie: str, rng: random.Random, rounds: int
) -> list[float]:
    """The last player plays in Chromium; time their last click until the next round shows."""
    from tests.browser.playing import act, confirm, line_up
    from tests.games.playing import finish_turns

    page = _signed_in(browser, base, cookie)
    timings: list[float] = []
    for _ in range(rounds):
        game = finish_turns(game, rng, skip=(0,))  # everyone else is done
        page.goto(f"{base}/games/{game.pk}/")
        line_up(page)
        clicked = time.perf_counter()
        confirm(page)
        while (targets := page.locator("#turn button.cell.target")).count():
            clicked = time.perf_counter()
            act(page, targets.first.click)
        next_round = f"Round {game.round + 1} of"
        page.get_by_text(next_round).wait_for(timeout=15_000)
        timings.append((time.perf_counter() - clicked) * 1000)
        game.refresh_from_db()
    page.context.close()
    return timings


# In the page: click each cell, then wait for the frame that shows the tile and the one after
# it (the second requestAnimationFrame runs once the first frame was drawn). Returns, per
# click, that whole time, the click itself (until the overlay is in) and the wait until the
# first of those frames began: each click after the first runs in a frame's callbacks, so
# the style, layout and paint of what it changed come before that.
_CLICK_SPOTS = """async (cells) => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const out = [];
  for (const [x, y] of cells) {
    const cell = document.querySelector(`#turn .county [data-x="${x}"][data-y="${y}"]`);
    if (!cell) throw new Error(`no cell at ${x},${y}`);
    const started = performance.now();
    cell.click();
    const handled = performance.now();
    if (!cell.querySelector(".overlay.overlay--ok")) throw new Error(`no tile at ${x},${y}`);
    await frame();
    const framed = performance.now();
    await frame();
    out.push([performance.now() - started, handled - started, framed - started]);
  }
  return out;
}"""


def _time_spot_clicks(
    browser: Browser, base: str, game: Game, cookie: str
) -> list[tuple[float, float, float]]:
    """Pick the first tile, then click legal spots one after another: per click, the time until
    the tile is drawn there (overlay in, next frame painted), the click handler's share, and
    the time until the next frame began."""
    from tests.browser.playing import line_up

    page = _signed_in(browser, base, cookie)
    page.goto(f"{base}/games/{game.pk}/")
    line_up(page)  # #choice-0: the tile is shown at its first legal spot
    offer = json.loads(page.locator("#offer").text_content() or "{}")
    tile = next(t for t in offer["tiles"] if t["slot"] == 0)
    # A click places the tile in the orientation it is in, covering the cell at a legal spot.
    shape = tile["orientations"][int(page.locator("#turn input[name=o]").input_value())]
    assert shape["anchors"], "the picked tile fits nowhere"
    (dx, dy), anchors = shape["cells"][0], shape["anchors"]
    every = max(1, len(anchors) // SPOTS)
    chosen = (anchors[::every] * SPOTS)[:SPOTS]  # spread over the county; repeated if few
    timings = page.evaluate(_CLICK_SPOTS, [[x + dx, y + dy] for x, y in chosen])
    page.context.close()
    return [(total, handled, framed) for total, handled, framed in timings]


def run() -> list[Measurement]:
    env = _bench_env()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the ORM next to Playwright's sync API
    _setup_django(env)
    from django.conf import settings

    from games import services
    from games.models import Game
    from tests.factories import UserFactory
    from tests.fixtures.worker import Worker
    from tipperary_site.celery import app as celery_app

    ann, bob = UserFactory.create(username="Ann"), UserFactory.create(username="Bob")
    others = [UserFactory.create(username=name) for name in ("Cat", "Dan", "Eve")]
    rng = random.Random(7)
    # Django may have been set up by a module before this one: its queue is the one the services
    # here send to, so the worker takes that.
    env["CELERY_TASK_DEFAULT_QUEUE"] = settings.CELERY_TASK_DEFAULT_QUEUE
    celery_app.conf.task_always_eager = True
    # The page and the poll: a full table of 5 late in the game, round 10, Ann to play.
    table = late_table([ann, bob, *others])
    # The round ends and the clicks: Ann and Bob from the first round, so ten rounds fit.
    game = services.create_game(ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    Game.objects.filter(pk=game.pk).update(seed=7)
    game = services.join_game(game.pk, bob)
    celery_app.conf.task_always_eager = False

    cookie = _session_cookie(ann)
    # The placement JSON and the clicks on legal spots: the late page of a seat with a tile turn.
    viewer = _tile_viewer(table)
    viewer_cookie = cookie if viewer.pk == ann.pk else _session_cookie(viewer)

    port = _free_port()
    gunicorn = _gunicorn(port)
    worker = [
        sys.executable, "-m", "celery", "-A", "tipperary_site", "worker", "--pool=solo",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO",
        "--queues", env["CELERY_TASK_DEFAULT_QUEUE"],
    ]  # fmt: skip
    out: list[Measurement] = []
    latencies: list[float] = []
    with _process(gunicorn, env, "Booting worker") as web:
        _throughput(port, "/bench/trivial", cookie)  # warm up both workers
        workers = children(web.pid)
        before = _load()
        trivial, _, trivial_cpu, trivial_n = _cpu_ms(
            workers, port, "/bench/trivial", cookie, SECONDS
        )
        page, status = _throughput(port, f"/games/{table.pk}/", cookie)
        assert status == 200
        poll_path = f"/games/{table.pk}/status/?{_poll_query(port, table, cookie)}"
        _throughput(port, poll_path, cookie, 1.0)  # warm: each worker's first poll fills in
        poll, status, poll_cpu, poll_n = _cpu_ms(workers, port, poll_path, cookie, SECONDS)
        assert status == 204
        trivial_each, poll_each = trivial_cpu / trivial_n * 1000, poll_cpu / poll_n * 1000
        late = f"round {table.round}, 5 players"
        out += [
            Measurement("trivial view", trivial, "req/s", note="gunicorn, 2 workers"),
            Measurement("unchanged poll (204)", poll, "req/s", note=f"{late}; {before}"),
            Measurement("unchanged poll / trivial", poll / trivial, "ratio", 0.8, True, late),
            Measurement(
                "  by CPU: unchanged poll / trivial",
                trivial_each / poll_each,
                "ratio",
                0.8,
                True,
                f"web CPU per request: trivial {trivial_each:.2f} ms, poll {poll_each:.2f} ms",
            ),
        ]
        if os.environ.get("BENCH_WEB") == "poll":
            return out
        out += [
            *_sizes(port, table, cookie),
            _offer_size(port, table, viewer_cookie),
            Measurement("game page", page, "req/s", note=f"{late}; from the page cache"),
            Measurement("game page / trivial", page / trivial, "ratio", 0.25, True, late),
        ]
        out += _cold_rows(env, table, cookie, late)
        if os.environ.get("BENCH_WEB") == "cold":
            return out

        process = subprocess.Popen(
            # At INFO, so the worker says when it is ready (the site's own logs stay at WARNING).
            worker, cwd=BASE_DIR, env={**env, "LOG_LEVEL": "INFO"}, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )  # fmt: skip
        running = Worker(process)
        running.wait_ready()
        try:
            while len(latencies) < 5 and game.status == "playing":
                latencies.extend(_time_round_end(game, bob, rng, running))
                game.refresh_from_db()
            base = f"http://127.0.0.1:{port}"
            # A table of its own from round 1, so five rounds never run into the towers step.
            fresh = services.create_game(
                ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=True
            )
            fresh = services.join_game(fresh.pk, bob)
            with _chromium() as browser:
                clicks = _time_clicks_to_next_round(browser, base, fresh, cookie, rng, rounds=5)
                spots = _time_spot_clicks(browser, base, table, viewer_cookie)
        finally:
            running.stop()
    out.append(
        Measurement(
            "last submit → next round visible",
            statistics.median(latencies),
            "ms",
            note="through Redis and a worker (median of 5)",
        )
    )
    out.append(
        Measurement(
            "last click → next round on the page",
            statistics.median(clicks),
            "ms",
            limit=2000,
            note="Chromium, gunicorn, Redis and a worker (median of 5)",
        )
    )
    drawn, handled, framed = (statistics.median(column) for column in zip(*spots, strict=True))
    out.append(
        Measurement(
            "click on a legal spot → tile drawn",
            drawn,
            "ms",
            limit=50,
            note=f"Chromium, no request; {late}, {viewer.username}'s page, median of {len(spots)}"
            f" spots: the click {handled:.1f} ms, the next frame at {framed:.0f} ms",
        )
    )
    return out
