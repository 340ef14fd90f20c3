"""The mail server refuses connections, or takes them and never answers: sign-up and reset still
answer at once, nothing is lost, and each mail goes out exactly once when the server is back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings as SettingsWrapper

from games.models.outbox import Kind, OutboxMessage, Status
from games.notifications.send import send_due_messages
from tests.accounts.test_signup import form
from tests.faults.conftest import SilentServer
from tests.fixtures.smtp import Sink, serving

pytestmark = [pytest.mark.faults, pytest.mark.django_db]

SIGNUP = reverse("account_signup")
RESET = reverse("account_reset_password")


def _sign_up(client: Client, name: str) -> None:
    data = form(display_name=name, email=f"{name.lower()}@example.com")
    response = client.post(SIGNUP, data)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")


def _account_mail() -> list[tuple[str, str, int]]:
    rows = OutboxMessage.objects.filter(kind=Kind.ACCOUNT).order_by("pk")
    return list(rows.values_list("to_address", "status", "attempts"))


def test_sign_up_with_the_server_refusing_keeps_the_account_and_mails_it_once_back(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 1  # nothing listens: refused
    _sign_up(client, "Ciara")
    assert User.objects.filter(email="ciara@example.com").exists()

    assert send_due_messages().server_unreachable
    assert _account_mail() == [("ciara@example.com", Status.PENDING, 0)]

    with serving(Sink(), settings) as sink:
        later = timezone.now() + timedelta(minutes=1)
        assert send_due_messages(now=later).sent == 1
        assert send_due_messages(now=later + timedelta(hours=1)).sent == 0
        [message] = sink.wait_for(1)
    assert message["To"] == "ciara@example.com"
    assert "confirm-email" in Sink.text_of(message)
    assert _account_mail() == [("ciara@example.com", Status.SENT, 1)]


def test_with_the_server_hanging_requests_never_touch_it_and_a_run_waits_once_not_per_mail(
    client: Client, settings: SettingsWrapper, silent_smtp: SilentServer
) -> None:
    for name in ("Ciara", "Declan", "Eithne"):
        _sign_up(client, name)
    client.post(RESET, {"email": "ciara@example.com"})
    assert silent_smtp.connections == 0, "no request waits on the mail server"

    report = send_due_messages()
    assert report.server_unreachable and report.sent == 0
    assert silent_smtp.connections == 1, "one time-out for the whole run"
    assert {(status, attempts) for _, status, attempts in _account_mail()} == {(Status.PENDING, 0)}
    assert len(_account_mail()) == 4

    assert send_due_messages().server_unreachable  # resting: not even a connection
    assert silent_smtp.connections == 1

    with serving(Sink(), settings) as sink:
        assert send_due_messages(now=timezone.now() + timedelta(minutes=1)).sent == 4
        received = sink.wait_for(4)
    assert sorted(m["To"] for m in received) == [
        "ciara@example.com", "ciara@example.com", "declan@example.com", "eithne@example.com",
    ]  # fmt: skip
