"""The periodic work over 10 000 tables in play, on PostgreSQL: the deadline sweep, the sweep of
complete rounds, and the outbox's minute (scan, send, prune), each as beat runs it every minute.

The tables are copies of one real 4-player table in round 3 (its engine state, its seats), with
their deadlines ahead, a tenth of them with a bot seat that has played, and the outbox holding
what a month of play leaves (sent mail, and mail waiting for its time). So each measurement is
the cost of *finding* the work among 10 000 tables when little is due; the work itself (one
table's autopilot, one mail) is measured once and printed beside it.

Runs on its own database (``<DATABASE_URL name>_periodic``). Alone:
``python -m tests.bench bench_periodic``.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from datetime import timedelta
from urllib.parse import urlparse

from tests.bench import Measurement
from tests.bench.served import _bench_env, _setup_django

TABLES = 10_000
PEOPLE = 4_000
TARGET_S = 5.0


def _seconds(action: Callable[[], object], repeat: int = 3) -> float:
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def _fill() -> None:
    """10 000 tables in play, 40 000 seats, 4 000 people, and a month of outbox rows."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.utils import timezone

    from accounts.models import Profile
    from games import services
    from games.models import Game, GameStatus, Seat, SeatKind
    from games.models.outbox import Kind, OutboxMessage, Status
    from tests.factories import UserFactory
    from tests.games.playing import finish_turns
    from tipperary_site.celery import app as celery_app

    celery_app.conf.task_always_eager = True
    first = [UserFactory.create(username=f"Seed{n}") for n in range(4)]
    model = services.create_game(first[0], seats_wanted=4, round_minutes=4320, is_open=True,
                                 rated=True)  # fmt: skip
    for user in first[1:]:
        model = services.join_game(model.pk, user)
    rng = random.Random(3)
    for _ in range(2):
        model = finish_turns(model, rng)
    model.refresh_from_db()
    assert model.round == 3, model.round
    celery_app.conf.task_always_eager = False
    state = model.state
    assert state is not None
    bot_state = {**state, "seats": [*state["seats"][:3], {**state["seats"][3], "turn_done": True}]}

    password = first[0].password
    users = User.objects.bulk_create(
        User(username=f"player{n}", email=f"player{n}@example.com", password=password)
        for n in range(PEOPLE)
    )
    Profile.objects.bulk_create(Profile(user=u, display_name=f"player{n}")
                                for n, u in enumerate(users))  # fmt: skip
    now = timezone.now()
    games = Game.objects.bulk_create(
        Game(
            host=users[n % PEOPLE], status=GameStatus.PLAYING, seats_wanted=4, round_minutes=4320,
            round=3, round_started_at=now - timedelta(hours=n % 60),
            round_deadline=now + timedelta(hours=72 - n % 60), version=10,
            state=bot_state if n % 10 == 0 else state, started_at=now - timedelta(days=2),
        )
        for n in range(TABLES)
    )  # fmt: skip
    seats = []
    for n, game in enumerate(games):
        for position in range(4):
            bot = n % 10 == 0 and position == 3
            person = None if bot else users[(n + position * 997) % PEOPLE]
            waiting = not bot and (n + position) % 3 > 0
            seats.append(Seat(
                game=game, position=position, kind=SeatKind.BOT if bot else SeatKind.PERSON,
                bot="easy" if bot else "", user=person, to_play=waiting,
            ))  # fmt: skip
    Seat.objects.bulk_create(seats, batch_size=5000)
    rows = []
    for n, game in enumerate(games):
        for round_ in (1, 2):
            rows.append(OutboxMessage(
                user=users[n % PEOPLE], kind=Kind.NEW_ROUND, game=game, round=round_,
                status=Status.SENT, due_at=now - timedelta(days=round_), sent_at=now,
            ))  # fmt: skip
        if n % 10 == 5:  # a mail waiting for its time (a "your turn" still in its grace)
            rows.append(OutboxMessage(user=users[n % PEOPLE], kind=Kind.NEW_ROUND, game=game,
                                      round=3, due_at=now + timedelta(minutes=3)))  # fmt: skip
    OutboxMessage.objects.bulk_create(rows, batch_size=5000, ignore_conflicts=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def run() -> list[Measurement]:
    env = _bench_env()
    url = urlparse(env["DATABASE_URL"])
    env["DATABASE_URL"] = url._replace(path=url.path.removesuffix("_bench") + "_periodic").geturl()
    env["DJANGO_SETTINGS_MODULE"] = "tipperary_site.settings"
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    _setup_django(env)
    started = time.perf_counter()
    _fill()
    filled = time.perf_counter() - started

    from games import services
    from games.models.outbox import OutboxMessage
    from games.notifications import periodic

    note = f"{TABLES} tables, {TABLES * 4} seats; filled in {filled:.0f} s"
    people = f"{PEOPLE} people, {OutboxMessage.objects.count()} outbox rows"
    sweep = _seconds(services.sweep_deadlines)
    complete = _seconds(services.advance_complete_games)
    outbox = _seconds(periodic.run)
    return [
        Measurement("deadline sweep, nothing overdue", sweep, "s", TARGET_S, note=note),
        Measurement("complete-round sweep, none complete", complete, "s", TARGET_S),
        Measurement("outbox minute (scan, send, prune)", outbox, "s", TARGET_S, note=people),
    ]
