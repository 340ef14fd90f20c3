"""Staff feature an event from the admin: it then leads the list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Tournament
from games.tournaments import events
from tests.factories import UserFactory
from tests.tournaments.events import CREATED, rules

pytestmark = pytest.mark.django_db


def test_staff_feature_an_event_and_it_leads_the_list(client: Client) -> None:
    staff = UserFactory.create(username="Orla", is_staff=True, is_superuser=True)
    events.create_tournament(staff, rules(name="Autumn Swiss"), CREATED)
    newer = events.create_tournament(staff, rules(name="Winter Swiss"), CREATED)
    client.force_login(staff)
    before = client.get(reverse("tournaments:list")).content.decode()
    assert before.index("Autumn Swiss") < before.index("Winter Swiss")  # the older first
    response = client.post(
        reverse("admin:games_tournament_changelist"),
        {"action": "feature", "_selected_action": [newer.pk]},
        follow=True,
    )
    assert "1 event(s) featured." in response.content.decode()
    assert list(Tournament.objects.filter(featured=True)) == [newer]
    page = client.get(reverse("tournaments:list")).content.decode()
    assert page.index("Winter Swiss") < page.index("Autumn Swiss")


def test_players_cannot_reach_the_events_admin(client: Client) -> None:
    client.force_login(UserFactory.create(username="Pat"))
    response = client.get(reverse("admin:games_tournament_changelist"))
    assert response.status_code == 302
