"""The logged-in person is read with one plain query; an inactive or deleted one is logged out."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user
from django.contrib.auth.models import User
from django.test import Client

from accounts.backends import AuthenticationBackend, ModelBackend


def test_a_logged_in_person_costs_the_session_and_one_query(
    client: Client, player: User, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    request = client.get("/").wsgi_request
    request.session = client.session
    with django_assert_num_queries(2):  # the session, the person
        user = get_user(request)
    assert isinstance(user, User) and user == player and user.username == "Aoife"


@pytest.mark.parametrize("backend", [ModelBackend, AuthenticationBackend])
def test_an_inactive_unknown_or_malformed_person_is_nobody(player: User, backend: type) -> None:
    assert backend().get_user(player.pk) == player
    assert backend().get_user(str(player.pk)) == player
    assert backend().get_user(player.pk + 1000) is None
    assert backend().get_user("not a number") is None
    User.objects.filter(pk=player.pk).update(is_active=False)
    assert backend().get_user(player.pk) is None


def test_logging_in_by_e_mail_still_works(client: Client, player: User) -> None:
    player.set_password("Turf-and-heather-42")
    player.save()
    response = client.post(
        "/accounts/login/", {"login": "aoife@example.com", "password": "Turf-and-heather-42"}
    )
    assert response.status_code == 302
    assert client.get("/games/mine/").status_code == 200
