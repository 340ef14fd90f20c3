"""Behind the TLS proxy every request comes from one address: the limits still count per player."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings as SettingsWrapper

from tests.site.test_settings_process import PRODUCTION, _manage

LOGIN = reverse("account_login")
PROXY = "10.0.0.2"


def _failed_log_in(client: Client, forwarded_for: str) -> int:
    response = client.post(
        LOGIN,
        {"login": "aoife@example.com", "password": "not-it"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded_for,
    )
    return response.status_code


@pytest.mark.django_db
def test_it_limits_two_clients_behind_one_proxy_separately(
    player: User, settings: SettingsWrapper
) -> None:
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login": "2/m/ip"}
    guesser, neighbour = Client(), Client()

    assert [_failed_log_in(guesser, "203.0.113.5") for _ in range(3)] == [200, 200, 429]
    assert _failed_log_in(neighbour, "198.51.100.7") == 200


@pytest.mark.django_db
def test_it_trusts_only_the_entry_the_proxy_added(player: User, settings: SettingsWrapper) -> None:
    # A client that sends its own X-Forwarded-For cannot pose as someone new on every request:
    # with one proxy, only the last entry (the one the proxy appended) counts.
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login": "2/m/ip"}
    client = Client()
    statuses = [_failed_log_in(client, f"192.0.2.{n}, 203.0.113.5") for n in range(3)]
    assert statuses == [200, 200, 429]


def test_it_reads_the_proxy_settings_from_the_environment() -> None:
    code = (
        "from django.conf import settings as s;"
        "print(s.ALLAUTH_TRUSTED_PROXY_COUNT, s.ALLAUTH_TRUSTED_CLIENT_IP_HEADER)"
    )
    env = {**PRODUCTION, "TRUSTED_PROXY_COUNT": "1", "TRUSTED_CLIENT_IP_HEADER": "X-Real-IP"}
    result = _manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["1", "X-Real-IP"]

    refused = _manage("check", env={**PRODUCTION, "TRUSTED_PROXY_COUNT": "-1"})
    assert refused.returncode != 0
    assert "TRUSTED_PROXY_COUNT must be at least 0" in refused.stderr
