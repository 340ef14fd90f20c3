"""One push row to the person's devices: encrypted (RFC 8291 ``aes128gcm``), signed (VAPID).

Every device the row has not reached yet gets it; each one reached is written down at once
(``OutboxMessage.pushed_to``), so a retry after another device failed never sends it twice. A
push service answering 404 or 410 has dropped the device: it is removed. Any other refusal, a
time-out or a connection error fails the try (:class:`PushFailed`): the sender backs the row
off as it does a refused mail, and the other rows go on.
"""

from __future__ import annotations

import json
import logging
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.db.models import QuerySet
from pywebpush import WebPusher

from games.models import PushSubscription
from games.models.outbox import OutboxMessage
from games.notifications.push.devices import forget_device, mark_used
from games.notifications.push.keys import vapid_headers
from games.notifications.push.payload import Payload
from games.notifications.rules import TURN_KINDS

log = logging.getLogger(__name__)

#: How long a push service keeps a push for a device that is off (a day: a turn lasts longer).
TTL_SECONDS = 24 * 3600
#: The status codes that say the device is gone for good.
GONE = frozenset({404, 410})


class PushFailed(Exception):
    """A push service refused a push or did not answer: try the row again later.

    Not an ``OSError``: the mail sender must never take it for its own server's outage.
    """


def devices_for(row: OutboxMessage) -> QuerySet[PushSubscription]:
    """The devices ``row`` still has to reach."""
    assert row.user_id is not None  # a push is always someone's
    devices = PushSubscription.objects.filter(user_id=row.user_id).exclude(pk__in=row.pushed_to)
    return devices.filter(pk=row.device_id) if row.device_id is not None else devices


def _origin(endpoint: str) -> str:
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def push_one(device: PushSubscription, payload: Payload) -> int:
    """Send ``payload`` to one device; returns the push service's status code."""
    headers = {
        **vapid_headers(_origin(device.endpoint)),
        "Urgency": "high" if payload["kind"] in TURN_KINDS else "normal",
        # A newer push about the same table replaces one still waiting at the push service.
        "Topic": payload["tag"],
    }
    response = WebPusher(device.subscription_info()).send(
        json.dumps(payload),
        headers=headers,
        ttl=TTL_SECONDS,
        content_encoding="aes128gcm",
        timeout=settings.PUSH_TIMEOUT_SECONDS,
    )
    return int(response.status_code)


def push_row(row: OutboxMessage, devices: list[PushSubscription], payload: Payload) -> int:
    """Push ``payload`` to each of ``devices`` for ``row``; returns how many it reached now.

    Raises :class:`PushFailed` when any device could not be reached (after trying them all).
    """
    reached = 0
    failures: list[str] = []
    for device in devices:
        try:
            status = push_one(device, payload)
        except requests.RequestException as error:
            failures.append(f"device {device.pk}: {type(error).__name__}")
            continue
        if 200 <= status < 300:
            reached += 1
            row.pushed_to = [*row.pushed_to, device.pk]
            # Under the row's claim (same attempt): a sender that lost it writes nothing.
            OutboxMessage.objects.filter(pk=row.pk, attempts=row.attempts).update(
                pushed_to=row.pushed_to
            )
            mark_used(device)
        elif status in GONE:
            log.info("Push device %s of user %s is gone (%s)", device.pk, device.user_id, status)
            forget_device(device.pk)
        else:
            failures.append(f"device {device.pk}: status {status}")
    if failures:
        raise PushFailed("; ".join(failures))
    return reached
