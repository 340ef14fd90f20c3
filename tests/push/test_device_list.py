"""Settings › Your devices: each device with "Send a test notification" and "Remove"."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Channel, Kind, OutboxMessage, Status
from games.notifications.send import send_due_messages
from tests.fixtures.push_service import PushService

DEVICES = reverse("push:devices")


def text(response: object) -> str:
    body = response.content.decode()  # type: ignore[attr-defined]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


def test_it_lists_the_persons_devices_only_in_four_queries(
    client: Client,
    host: User,
    player: User,
    push_service: PushService,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    push_service.device(host, "phone", "Firefox on Android")
    push_service.device(player, "theirs", "Safari on iPhone")
    client.force_login(host)
    # 1. SELECT django_session; 2. SELECT auth_user; 3. SELECT games_pushsubscription (hers)
    # 4. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(4):
        response = client.get(DEVICES)
    page = text(response)
    assert "Firefox on Android" in page and "Safari on iPhone" not in page
    assert "Send a test notification" in page and "Remove" in page
    assert 'data-key="' + push_service.public_key + '"' in response.content.decode()


def test_without_keys_the_page_says_notifications_are_not_available(
    client: Client, host: User
) -> None:
    client.force_login(host)
    page = text(client.get(DEVICES))
    assert "Notifications on phones and computers are not available on this site yet" in page
    assert "No device gets notifications yet." in page


def test_a_test_notification_goes_to_that_device_alone_once_however_often_asked(
    client: Client, host: User, push_service: PushService
) -> None:
    phone = push_service.device(host, "phone")
    push_service.device(host, "laptop")
    client.force_login(host)
    test = reverse("push:test", args=[phone.pk])
    response = client.post(test, follow=True)
    assert "A test notification is on its way to that device." in text(response)
    client.post(test)  # a second click before the worker sent the first
    assert OutboxMessage.objects.filter(kind=Kind.DEVICE_TEST, channel=Channel.PUSH).count() == 1

    assert send_due_messages().sent == 1
    assert push_service.problems == []
    (push,) = push_service.received
    assert push.device == "phone"
    assert push.payload["title"] == "Notifications are on"
    assert push.payload["url"] == reverse("games:mine")
    phone.refresh_from_db()
    assert phone.last_used_at is not None
    assert "last notified" in text(client.get(DEVICES))


def test_remove_takes_the_device_and_its_pending_pushes_away(
    client: Client, host: User, push_service: PushService
) -> None:
    phone = push_service.device(host, "phone")
    client.force_login(host)
    client.post(reverse("push:test", args=[phone.pk]))
    response = client.post(reverse("push:remove", args=[phone.pk]), follow=True)
    assert "The device is removed" in text(response)
    assert not host.push_devices.exists()
    assert not OutboxMessage.objects.filter(status=Status.PENDING).exists()
    # Removing it again: nothing left to remove.
    assert client.post(reverse("push:remove", args=[phone.pk])).status_code == 404


def test_the_notification_settings_keep_push_switches_apart_from_mail(
    client: Client, host: User
) -> None:
    client.force_login(host)
    form = {
        "email_mode": "each", "digest_hour": "8", "notify_new_round": "on",
        "push_game_finished": "on", "push_new_round": "on",
    }  # fmt: skip
    client.post(reverse("accounts:notifications"), form)
    host.profile.refresh_from_db()
    profile = host.profile
    assert (profile.notify_new_round, profile.notify_game_finished) == (True, False)
    assert (profile.push_new_round, profile.push_game_finished) == (True, True)
    assert (profile.push_reminders, profile.push_deadline, profile.push_invitations) == (
        False, False, False,
    )  # fmt: skip
    page = text(client.get(reverse("accounts:notifications")))
    assert "Notify my devices when" in page and "Your devices" in page
