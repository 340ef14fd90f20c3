"""Web push on PostgreSQL, to a push service of our own on loopback (the tests' one: it checks
every token and decrypts every body, so its own work is in the figures too).

- one push: sign the VAPID token, encrypt the payload (aes128gcm), POST it, read the answer;
- a send run of 200 test pushes to 200 people's devices, through the outbox's sender (claim,
  re-check, payload, push, record), as pushes per second;
- a turn push of a 5-player table (the payload is drawn from the turn mail's context), per row;
- what a round's start costs the game change that writes its rows, with push on (five people
  with a device each) against push off: the one query more that finds the devices.

Runs on its own database (``<DATABASE_URL name>_push``).
Alone: ``python -m tests.bench bench_push``.
"""

from __future__ import annotations

import os
import statistics
import time
from datetime import timedelta
from urllib.parse import urlparse

from tests.bench import Measurement, median_ms
from tests.bench.served import _bench_env, _setup_django

PEOPLE = 200


def run() -> list[Measurement]:
    from games.notifications.push.keys import new_keys

    env = _bench_env()
    url = urlparse(env["DATABASE_URL"])
    env["DATABASE_URL"] = url._replace(path=url.path.removesuffix("_bench") + "_push").geturl()
    env["DJANGO_SETTINGS_MODULE"] = "tipperary_site.settings"
    env["VAPID_PRIVATE_KEY"], env["VAPID_PUBLIC_KEY"] = new_keys()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    _setup_django(env)

    from django.conf import settings
    from django.test.utils import override_settings
    from django.utils import timezone

    from games import services
    from games.models import Channel, Game, Kind, OutboxMessage
    from games.notifications.push.deliver import push_one
    from games.notifications.send import send_due_messages
    from games.notifications.write import notify_new_round
    from tests.factories import UserFactory
    from tests.fixtures.push_service import serving
    from tipperary_site.celery import app as celery_app

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    # Nobody logs in here: making 200 people must not hash passwords for long.
    override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]).enable()
    settings.VAPID_PRIVATE_KEY = env["VAPID_PRIVATE_KEY"]
    settings.VAPID_PUBLIC_KEY = env["VAPID_PUBLIC_KEY"]
    celery_app.conf.task_always_eager = True
    results = []
    with serving(settings.VAPID_PUBLIC_KEY) as service:
        people = [UserFactory.create(username=f"Pusher{n}") for n in range(PEOPLE)]
        devices = [service.device(person, f"device{n}") for n, person in enumerate(people)]
        payload = {
            "title": "Your turn at Table 1: round 3 of 12",
            "body": "Round 3 of 12 · 20 hours left",
            **{"url": "/games/1/", "tag": "table-1", "count": 2, "kind": "new_round"},
        }
        one = median_ms(lambda: push_one(devices[0], payload), repeat=50)
        note = "to the loopback service, which verifies and decrypts"
        results.append(Measurement("one push: sign, encrypt, POST", one, "ms", 50.0, note=note))

        now = timezone.now()
        OutboxMessage.objects.bulk_create(
            OutboxMessage(user=person, kind=Kind.DEVICE_TEST, channel=Channel.PUSH, due_at=now)
            for person in people
        )
        started = time.perf_counter()
        report = send_due_messages(now=now)
        spent = time.perf_counter() - started
        assert report.sent == PEOPLE and not service.problems, (report, service.problems[:3])
        # A run has 45 s before the next takes over: 5 a second is 225 people's turns a run.
        note = "claim, re-check, payload, push, record"
        results.append(Measurement(f"send run, {PEOPLE} test pushes", PEOPLE / spent, "push/s",
                                   5.0, higher_is_better=True, note=note))  # fmt: skip

        table = services.create_game(people[0], seats_wanted=5, round_minutes=1440, is_open=True,
                                     rated=True)  # fmt: skip
        for person in people[1:5]:
            table = services.join_game(table.pk, person)
        game = Game.objects.get(pk=table.pk)
        started = time.perf_counter()
        report = send_due_messages(now=timezone.now() + timedelta(minutes=10))
        spent = time.perf_counter() - started
        pushed = OutboxMessage.objects.filter(channel=Channel.PUSH, kind=Kind.STARTED).count()
        assert pushed == 5 and not service.problems, (pushed, service.problems[:3])
        note = "5 players; the push's words come from the turn mail"
        results.append(Measurement("a table's start: a mail and a push per player",
                                   spent * 1000 / 10, "ms/row", note=note))  # fmt: skip

        def write_round() -> float:
            OutboxMessage.objects.filter(kind=Kind.NEW_ROUND).delete()
            started = time.perf_counter()
            notify_new_round(game)
            return (time.perf_counter() - started) * 1000

        keys = settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY
        on, off = [], []
        for _ in range(40):  # in turns, so a busy moment of the machine weighs on both
            settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = keys
            on.append(write_round())
            settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
            off.append(write_round())
        on_ms, off_ms = statistics.median(on[5:]), statistics.median(off[5:])
        note = f"{on_ms:.1f} ms against {off_ms:.1f} ms (5 players, each with a device)"
        results.append(Measurement("a round's rows written, push on / off", on_ms / off_ms, "x",
                                   note=note))  # fmt: skip
    celery_app.conf.task_always_eager = False
    return results
