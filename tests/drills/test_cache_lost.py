"""The cache lost, for real: the web process keeps its sessions, rate limits and drawn pages in a
Redis of the drill's own, and that Redis is restarted (emptied) while people play and look at
their tables. Nobody is logged out, pages draw again, the log-in limit counts anew and holds
again, and no request gets a 500."""

from __future__ import annotations

import random
import re
import threading
from collections import Counter

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from tests.drills.conftest import (
    CSRF,
    Answers,
    cookies_of,
    plan,
    play_tables,
    request,
    start_all,
    two_player_tables,
)
from tests.factories import UserFactory
from tests.faults.conftest import until
from tests.fixtures.processes import Process, free_port, site_env, start_gunicorn, start_redis
from tests.fixtures.worker import database_url, start_worker
from tipperary_site.celery import app as celery_app

pytestmark = [pytest.mark.drill, pytest.mark.django_db(transaction=True)]

TABLES = 2
SEED = 26_200
LOGIN = "/accounts/login/"
# allauth's limit on failed log-ins: 5 in 5 minutes per address (settings.ACCOUNT_RATE_LIMITS).
FAILS_ALLOWED = 5
THINK = 0.05  # seconds


def _look(port: int, game_id: int, cookie: str, answers: Answers, stop: threading.Event) -> None:
    """A person with the table open: the page, then its poll, over and over until ``stop``."""
    while not stop.wait(THINK):  # reading the page a moment before looking again
        status, html = request(port, "GET", f"/games/{game_id}/", cookie)
        answers.record("page", status)
        poll = re.search(r'hx-get="(/games/\d+/status/\?t=[^"]+)"', html)
        if poll is not None:
            answers.record("poll", request(port, "GET", poll.group(1).replace("&amp;", "&"),
                                           cookie)[0])  # fmt: skip


def _look_once(port: int, game_id: int, cookie: str, answers: Answers) -> None:
    answers.record("page", request(port, "GET", f"/games/{game_id}/", cookie)[0])


def _failed_log_ins(port: int, email: str, count: int) -> list[str]:
    """What ``count`` log-ins with a wrong password for ``email`` are told, one after another:
    "wrong" (the form says so) or "paused" (the limit refuses to check)."""
    data = {"login": email, "password": "not-the-password"}
    told = []
    for _ in range(count):
        status, html = request(port, "POST", LOGIN, f"csrftoken={CSRF}", data)
        assert status == 200, status
        told.append("paused" if "log-in is paused" in html else "wrong")
    return told


def test_a_restarted_redis_logs_nobody_out_and_no_page_fails(
    own_processes: list[Process], private_redis: tuple[Process, str], drill_queue: str
) -> None:
    tables = two_player_tables(TABLES, SEED)
    plans = {game.pk: plan(game, random.Random(SEED + t)) for t, game in enumerate(tables)}
    cookies = cookies_of(tables)
    deirdre: User = UserFactory.create(username="Deirdre")
    celery_app.conf.task_always_eager = False

    redis, cache_url = private_redis
    redis_port = int(cache_url.rsplit(":", 1)[1].split("/")[0])
    queue = f"{drill_queue}-cache"
    url = database_url()
    env = site_env(url, settings.CELERY_BROKER_URL, CACHE_URL=cache_url,
                   CELERY_TASK_DEFAULT_QUEUE=queue)  # fmt: skip
    port = free_port()
    start_all([lambda: start_worker(url, [queue], env), lambda: start_gunicorn(port, env)],
              own_processes)  # fmt: skip

    answers, stop = Answers(), threading.Event()
    lookers = [
        threading.Thread(target=_look, args=(port, pk, cookie, answers, stop))
        for pk, pair in cookies.items()
        for cookie in pair
    ]
    for looker in lookers:
        looker.start()
    try:
        first_half = {pk: [m for m in moves if m.round <= 3] for pk, moves in plans.items()}
        before = play_tables(first_half, cookies, (port, port))
        # Failed log-ins for one address until the limit refuses the next one.
        refused = ["wrong"] * FAILS_ALLOWED + ["paused"]
        assert _failed_log_ins(port, deirdre.email, FAILS_ALLOWED + 1) == refused

        looked = len(answers.all())
        redis.stop()
        own_processes.remove(redis)
        # Someone opens their table while Redis is down; it comes back (empty) as they wait.
        pk, pair = next(iter(cookies.items()))
        meanwhile = threading.Thread(target=_look_once, args=(port, pk, pair[0], answers))
        meanwhile.start()
        own_processes.append(start_redis(redis_port))
        meanwhile.join(timeout=60)
        until(lambda: len(answers.all()) > looked + 20, "people looking at their tables again")

        second_half = {pk: [m for m in moves if m.round > 3] for pk, moves in plans.items()}
        played = play_tables(second_half, cookies, (port, port))
        # The limit forgot what it counted with the cache, counts anew and holds again.
        assert _failed_log_ins(port, deirdre.email, FAILS_ALLOWED + 1) == refused
    finally:
        stop.set()
        for looker in lookers:
            looker.join(timeout=60)

    statuses = Counter(answers.all() + before.all() + played.all())
    assert 500 not in statuses, statuses
    pages = answers.statuses["page"] + before.statuses["page"] + played.statuses["page"]
    assert set(pages) == {200}, "nobody was logged out, every page drew"
    assert set(answers.statuses["poll"]) <= {200, 204}
    moves = before.statuses["move"] + played.statuses["move"]
    assert Counter(moves) == {302: sum(len(m) for m in plans.values())}
