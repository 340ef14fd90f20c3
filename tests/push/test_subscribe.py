"""Subscribe and unsubscribe: what a browser sends is checked, and bad input changes nothing."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import PushSubscription
from games.notifications.push.keys import b64url
from tests.fixtures.push_service import PushService

SUBSCRIBE = reverse("push:subscribe")
UNSUBSCRIBE = reverse("push:unsubscribe")
ANDROID_FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"


def browser_keys() -> dict[str, str]:
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return {"p256dh": b64url(point), "auth": b64url(os.urandom(16))}


def subscription(endpoint: str = "https://fcm.googleapis.com/fcm/send/abc123") -> dict[str, Any]:
    return {"endpoint": endpoint, "expirationTime": None, "keys": browser_keys()}


def post(client: Client, url: str, body: object) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json", HTTP_USER_AGENT=ANDROID_FIREFOX)


@pytest.fixture
def aoife(client: Client, host: User, push_service: PushService) -> Client:
    client.force_login(host)
    return client


def test_a_browser_subscribes_once_and_is_named_by_its_user_agent(
    aoife: Client, host: User
) -> None:
    sent = subscription()
    response = post(aoife, SUBSCRIBE, sent)
    assert response.status_code == 201
    assert response.json()["label"] == "Firefox on Android"
    # Subscribing again (new keys, same endpoint) renews the device: still one.
    again = {**sent, "keys": browser_keys()}
    assert post(aoife, SUBSCRIBE, again).status_code == 201
    device = PushSubscription.objects.get()
    assert (device.user, device.p256dh) == (host, again["keys"]["p256dh"])


def _bad_keys(**keys: str) -> dict[str, Any]:
    sent = subscription()
    sent["keys"] = {**sent["keys"], **keys}
    return sent


JSON = "The subscription must be JSON."
KEYS = "The subscription needs an endpoint and its keys."
HTTPS = "The endpoint must be an https address."
ADDRESS = "The endpoint must be on a public address."
HOST = "The endpoint must be on a public host."
USER = "The endpoint must name a host, and no user or password."
LONG = "The endpoint must be an address of at most 1000 characters."
SHORT_KEY = "The p256dh key must be 65 bytes; this one has 32."
OFF_CURVE = "The p256dh key is not a point of the P-256 curve."
SHORT_AUTH = "The auth secret must be 16 bytes; this one has 15."
NOT_BASE64 = "The auth secret must be a base64url string."


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("{not json", JSON),
        (b"\xff\xfe", JSON),
        ([1, 2], KEYS),
        ({"endpoint": "https://push.example.com/x"}, KEYS),
        (subscription("http://push.example.com/x"), HTTPS),
        (subscription("https://127.0.0.1/x"), ADDRESS),
        (subscription("https://10.1.2.3:8443/x"), ADDRESS),
        (subscription("https://[::1]/x"), ADDRESS),
        (subscription("https://169.254.169.254/x"), ADDRESS),
        (subscription("https://localhost/x"), HOST),
        (subscription("https://push.internal/x"), HOST),
        (subscription("https://me:pw@push.example.com/x"), USER),
        (subscription("https://push.example.com/" + "x" * 1000), LONG),
        (_bad_keys(p256dh=b64url(b"\x04" + b"1" * 31)), SHORT_KEY),
        (_bad_keys(p256dh=b64url(b"\x04" + b"\x01" * 64)), OFF_CURVE),
        (_bad_keys(auth=b64url(b"1" * 15)), SHORT_AUTH),
        (_bad_keys(auth="not base64!"), NOT_BASE64),
    ],
)
def test_bad_input_is_refused_with_its_reason_and_changes_nothing(
    aoife: Client, body: object, reason: str
) -> None:
    response = post(aoife, SUBSCRIBE, body)
    assert response.status_code == 400
    assert response.json() == {"error": reason}
    assert not PushSubscription.objects.exists()


def test_another_persons_device_can_be_neither_taken_nor_removed(
    aoife: Client, player: User, push_service: PushService
) -> None:
    theirs = PushSubscription.objects.create(
        user=player, endpoint="https://push.example.com/brendan", label="Safari on iPhone",
        **browser_keys(),
    )  # fmt: skip
    taken = post(aoife, SUBSCRIBE, subscription(theirs.endpoint))
    assert taken.status_code == 400 and "another account" in taken.json()["error"]
    gone = post(aoife, UNSUBSCRIBE, {"endpoint": theirs.endpoint})
    assert gone.status_code == 404
    assert gone.json() == {"error": "You have no device with that endpoint."}
    assert aoife.post(reverse("push:remove", args=[theirs.pk])).status_code == 404
    assert aoife.post(reverse("push:test", args=[theirs.pk])).status_code == 404
    assert PushSubscription.objects.get() == theirs
    assert PushSubscription.objects.get().user == player


def test_unsubscribing_removes_the_device_and_bad_input_is_refused(
    aoife: Client, host: User
) -> None:
    sent = subscription()
    post(aoife, SUBSCRIBE, sent)
    assert post(aoife, UNSUBSCRIBE, "[").json() == {"error": "The request must be JSON."}
    assert post(aoife, UNSUBSCRIBE, {}).json() == {"error": "Name the endpoint to remove."}
    assert PushSubscription.objects.count() == 1
    assert post(aoife, UNSUBSCRIBE, {"endpoint": sent["endpoint"]}).json() == {"removed": True}
    assert not PushSubscription.objects.exists()


def test_subscribing_needs_the_csrf_token_and_a_log_in(
    host: User, push_service: PushService
) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert post(strict, SUBSCRIBE, subscription()).status_code == 403
    assert post(Client(), SUBSCRIBE, subscription()).status_code == 302  # to the log-in page
    assert not PushSubscription.objects.exists()


def test_without_keys_the_site_takes_no_subscription(client: Client, host: User) -> None:
    client.force_login(host)
    response = post(client, SUBSCRIBE, subscription())
    assert response.status_code == 404
    assert response.json() == {"error": "This site sends no push notifications."}
