"""``{{ moment|in_zone:user }}`` shows a moment on the viewer's own clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import Context, Template

from accounts.models import Profile
from tests.factories import UserFactory

DEADLINE = datetime(2026, 1, 15, 18, 30, tzinfo=UTC)


def render(source: str, **context: object) -> str:
    return Template("{% load local_time %}" + source).render(Context(context))


@pytest.mark.django_db
def test_it_shows_a_deadline_in_the_viewers_zone() -> None:
    tokyo = UserFactory.create(profile__time_zone="Asia/Tokyo")
    shown = render(
        '{{ deadline|in_zone:viewer|date:"D j M, H:i T" }}', deadline=DEADLINE, viewer=tokyo
    )
    assert shown == "Fri 16 Jan, 03:30 JST"


@pytest.mark.django_db
def test_it_takes_a_profile_or_a_zone_name_too() -> None:
    dublin = UserFactory.create(profile__time_zone="Europe/Dublin")
    profile = Profile.objects.get(user=dublin)
    assert render('{{ d|in_zone:p|time:"H:i" }}', d=DEADLINE, p=profile) == "18:30"
    assert render('{{ d|in_zone:"America/New_York"|time:"H:i" }}', d=DEADLINE) == "13:30"


@pytest.mark.django_db
def test_it_uses_utc_for_visitors_and_users_without_a_profile() -> None:
    assert (
        render('{{ d|in_zone:who|time:"H:i e" }}', d=DEADLINE, who=AnonymousUser()) == "18:30 UTC"
    )
    bare = UserFactory.create(profile=None)
    assert render('{{ d|in_zone:who|time:"H:i" }}', d=DEADLINE, who=bare) == "18:30"


def test_it_shows_nothing_for_no_moment() -> None:
    assert render("{{ d|in_zone:'UTC' }}", d=None) == ""
