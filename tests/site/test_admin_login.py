"""The admin's log-in goes through the site's own, with its limits on guessing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> User:
    return UserFactory.create(username="Orla", email="orla@example.com", is_staff=True,
                              is_superuser=True)  # fmt: skip


def test_the_admin_log_in_form_sends_people_to_the_site_log_in(client: Client, staff: User) -> None:
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=%2Fadmin%2F"
    posted = client.post("/admin/login/", {"username": "Orla", "password": PASSWORD})
    assert posted.status_code == 302 and "_auth_user_id" not in client.session


def test_guessing_a_staff_password_is_limited_like_any_log_in(
    client: Client, staff: User, settings: SettingsWrapper
) -> None:
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login_failed": "3/300s/key"}
    for n in range(3):
        client.post("/accounts/login/?next=/admin/",
                    {"login": "orla@example.com", "password": f"guess-{n}"})  # fmt: skip
    right = client.post("/accounts/login/?next=/admin/",
                        {"login": "orla@example.com", "password": PASSWORD})  # fmt: skip
    assert "Too many failed log-in attempts for this address." in right.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302


def test_staff_reach_the_admin_and_other_players_are_refused(client: Client, staff: User) -> None:
    client.post("/accounts/login/", {"login": "orla@example.com", "password": PASSWORD})
    assert client.get("/admin/").status_code == 200
    client.logout()
    client.force_login(UserFactory.create(username="Padraig", email="padraig@example.com"))
    assert client.get("/admin/login/?next=/admin/").status_code == 403
