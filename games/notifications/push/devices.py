"""The only writer of push devices: add one (checked), remove one, ask for a test push.

What a browser sends when it subscribes is checked before anything is kept: the endpoint must be
an ``https`` address of a public host (never a private, loopback or link-local address, nor a
local name: the worker would post to it), the key a P-256 point of 65 bytes and the auth secret
16 bytes. A refusal is a :class:`BadSubscription` (a ``ValueError``) whose message a person can
read, and changes nothing.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import re
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import PushSubscription
from games.models.outbox import Channel, Kind, OutboxMessage, Status
from games.notifications.write import SEND_TASK, origin
from tipperary_site.enqueue import enqueue

ENDPOINT_MAX = 1000
#: Host names that only mean something inside one network.
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet")


class BadSubscription(ValueError):
    """What a browser sent is not a subscription the site will push to."""


class DeviceTaken(BadSubscription):
    """The endpoint belongs to another account's device."""


@dataclass(frozen=True)
class NewDevice:
    """A checked subscription, as the browser's ``PushSubscription.toJSON()`` gave it."""

    endpoint: str
    p256dh: str
    auth: str


def _decoded(value: object, what: str) -> bytes:
    # Translators: "what" is a key's technical name ("p256dh key", "auth secret"), not translated.
    wrong = _("The %(what)s must be a base64url string.") % {"what": what}
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", value):
        raise BadSubscription(wrong)
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as error:
        raise BadSubscription(wrong) from error


def check_endpoint(endpoint: object) -> str:
    """The endpoint, if it is an ``https`` address of a public host."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > ENDPOINT_MAX:
        raise BadSubscription(
            _("The endpoint must be an address of at most %(count)d characters.")
            % {"count": ENDPOINT_MAX}
        )
    parts = urlsplit(endpoint)
    if parts.scheme != "https":
        raise BadSubscription(_("The endpoint must be an https address."))
    host = (parts.hostname or "").rstrip(".").lower()
    if not host or parts.username or parts.password:
        raise BadSubscription(_("The endpoint must name a host, and no user or password."))
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if host == "localhost" or host.endswith(_LOCAL_SUFFIXES) or "." not in host:
            raise BadSubscription(_("The endpoint must be on a public host.")) from None
    else:
        if not address.is_global:
            raise BadSubscription(_("The endpoint must be on a public address."))
    return endpoint


def parse_subscription(body: bytes) -> NewDevice:
    """The subscription in a request's JSON body, checked."""
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadSubscription(_("The subscription must be JSON.")) from error
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise BadSubscription(_("The subscription needs an endpoint and its keys."))
    endpoint = check_endpoint(data.get("endpoint"))
    keys = data["keys"]
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    point = _decoded(p256dh, "p256dh key")
    if len(point) != 65:
        raise BadSubscription(
            _("The p256dh key must be 65 bytes; this one has %(count)d.") % {"count": len(point)}
        )
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError as error:
        raise BadSubscription(_("The p256dh key is not a point of the P-256 curve.")) from error
    secret = _decoded(auth, "auth secret")
    if len(secret) != 16:
        raise BadSubscription(
            _("The auth secret must be 16 bytes; this one has %(count)d.") % {"count": len(secret)}
        )
    assert isinstance(p256dh, str) and isinstance(auth, str)
    return NewDevice(endpoint, p256dh, auth)


def parse_endpoint(body: bytes) -> str:
    """The endpoint named in an unsubscribe request's JSON body."""
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadSubscription(_("The request must be JSON.")) from error
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str) or not endpoint:
        raise BadSubscription(_("Name the endpoint to remove."))
    return endpoint


_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
             ("Chrome/", "Chrome"), ("Safari/", "Safari"))  # fmt: skip
_SYSTEMS = (("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("CrOS", "ChromeOS"),
            ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Linux", "Linux"))  # fmt: skip


def device_label(user_agent: str) -> str:
    """A name a person recognises their device by, from its browser's ``User-Agent``.

    >>> device_label("Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0")
    'Firefox on Android'
    >>> device_label("")
    'A browser'
    """
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), _("A browser"))
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    # Translators: a device in the list of devices that get notifications: "Firefox on Android".
    return (
        _("%(browser)s on %(system)s") % {"browser": browser, "system": system}
        if system
        else browser
    )


def add_device(user: User, device: NewDevice, label: str) -> PushSubscription:
    """Keep ``device`` for ``user`` (its keys and label renewed if they had it already).

    Raises :class:`DeviceTaken` when the endpoint is another account's.
    """
    with transaction.atomic():
        held = PushSubscription.objects.select_for_update().filter(endpoint=device.endpoint)
        mine = held.first()
        if mine is not None and mine.user_id != user.pk:
            raise DeviceTaken(
                _(
                    "This browser gets notifications for another account here. "
                    "Remove it in that account's devices first."
                )
            )
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=device.endpoint,
            defaults={"user": user, "p256dh": device.p256dh, "auth": device.auth, "label": label},
        )
    return subscription


def remove_device(user: User, *, pk: int | None = None, endpoint: str | None = None) -> bool:
    """Remove one of ``user``'s devices (by id or endpoint); False when they have no such one."""
    devices = PushSubscription.objects.filter(user=user)
    devices = devices.filter(pk=pk) if pk is not None else devices.filter(endpoint=endpoint)
    deleted, _kinds = devices.delete()
    return bool(deleted)


def forget_device(pk: int) -> None:
    """Remove a device its push service says is gone (404 or 410)."""
    PushSubscription.objects.filter(pk=pk).delete()


def mark_used(device: PushSubscription, now: datetime | None = None) -> None:
    """Note that a push reached ``device`` (the device list shows when)."""
    device.last_used_at = now or timezone.now()
    PushSubscription.objects.filter(pk=device.pk).update(last_used_at=device.last_used_at)


def ask_test_push(user: User, pk: int, *, now: datetime | None = None) -> bool:
    """Queue a test notification to one of ``user``'s devices (sent by the worker).

    A test still on its way is not asked twice. False when the person has no such device.
    """
    now = now or timezone.now()
    device = PushSubscription.objects.filter(user=user, pk=pk).first()
    if device is None:
        return False
    waiting = OutboxMessage.objects.filter(device=device, status=Status.PENDING)
    if not waiting.exists():
        OutboxMessage.objects.create(
            user=user, kind=Kind.DEVICE_TEST, channel=Channel.PUSH, device=device, due_at=now,
            request_id=origin(),
        )  # fmt: skip
        enqueue(SEND_TASK)
    return True
