"""The profile itself: names, zones and holidays, as the games app will rely on them."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, date, datetime

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from accounts import services
from accounts.models import EmailMode, Profile, validate_display_name
from accounts.zones import known_zones, validate_time_zone, zone_choices
from tests.factories import ProfileFactory, UserFactory


@pytest.mark.parametrize("name", ["abc", "Aoife_Rua", "x-2", "A" * 20, "123"])
def test_it_accepts_display_names_of_letters_digits_underscore_and_hyphen(name: str) -> None:
    validate_display_name(name)


@pytest.mark.parametrize("name", ["ab", "A" * 21, "Ró", "a b", "a.b", "ADMIN", "former-player"])
def test_it_refuses_other_display_names(name: str) -> None:
    with pytest.raises(ValidationError):
        validate_display_name(name)


def test_it_knows_the_iana_zones_but_not_the_servers_own() -> None:
    validate_time_zone("Europe/Dublin")
    validate_time_zone("US/Eastern")
    for name in ("localtime", "Mars/Olympus", "europe/dublin", ""):
        with pytest.raises(ValidationError):
            validate_time_zone(name)
    assert "UTC" in known_zones()


def test_it_offers_utc_first_and_then_the_regions() -> None:
    choices = zone_choices()
    assert choices[0] == ("UTC", "UTC (Coordinated Universal Time)")
    regions = [label for label, _ in choices[1:]]
    assert regions[0] == "Africa"
    assert "Europe" in regions
    europe = dict(choices)["Europe"]
    assert isinstance(europe, list)
    assert ("Europe/Dublin", "Dublin") in europe


@pytest.mark.django_db
def test_it_makes_display_names_unique_whatever_the_letter_case() -> None:
    ProfileFactory.create(user__username="Aoife")
    with pytest.raises(IntegrityError):
        ProfileFactory.create(user__username="AOIFE")


@pytest.mark.django_db
def test_it_has_friendly_defaults_and_prints_the_display_name() -> None:
    profile = Profile.objects.create(user=UserFactory.create(profile=None), display_name="Fionn")
    assert str(profile) == "Fionn"
    assert profile.time_zone == "UTC"
    assert profile.zone == zoneinfo.ZoneInfo("UTC")
    assert profile.email_mode == EmailMode.EACH
    assert profile.digest_hour == 8
    assert all(
        (
            profile.notify_new_round,
            profile.notify_reminders,
            profile.notify_deadline,
            profile.notify_game_finished,
            profile.notify_invitations,
        )
    )
    assert profile.created_at is not None


def test_it_falls_back_to_utc_for_a_zone_that_no_longer_exists() -> None:
    assert Profile(time_zone="Europe/Kyiv").zone == zoneinfo.ZoneInfo("Europe/Kyiv")
    assert Profile(time_zone="Moon/Base").zone == zoneinfo.ZoneInfo("UTC")


def holiday(first: date | None, last: date | None, zone: str = "Pacific/Auckland") -> Profile:
    return Profile(time_zone=zone, vacation_from=first, vacation_until=last)


@pytest.mark.parametrize(
    ("moment", "away"),
    [
        # 1 July starts in Auckland at 12:00 UTC on 30 June.
        (datetime(2026, 6, 30, 11, 59, tzinfo=UTC), False),
        (datetime(2026, 6, 30, 12, 0, tzinfo=UTC), True),
        # 14 July, the last day, is over at 12:00 UTC on 14 July.
        (datetime(2026, 7, 14, 11, 59, tzinfo=UTC), True),
        (datetime(2026, 7, 14, 12, 0, tzinfo=UTC), False),
    ],
)
def test_it_counts_holiday_days_inclusively_in_the_players_zone(
    moment: datetime, away: bool
) -> None:
    assert holiday(date(2026, 7, 1), date(2026, 7, 14)).on_vacation(moment) is away


def test_it_is_not_on_holiday_without_dates_and_open_ended_with_one() -> None:
    moment = datetime(2026, 7, 5, tzinfo=UTC)
    assert not holiday(None, None).on_vacation(moment)
    assert holiday(date(2026, 7, 1), None).on_vacation(moment)
    assert not holiday(None, date(2026, 7, 1)).on_vacation(moment)


@pytest.mark.django_db
def test_it_derives_a_free_name_for_users_made_outside_sign_up() -> None:
    UserFactory.create(username="Aoife")
    fine = UserFactory.create(username="Fiachra", profile=None)
    email_like = UserFactory.create(username="admin@example.com", profile=None)
    clash = UserFactory.create(username="aoife", email="aoife2@example.com", profile=None)

    assert services.ensure_profile(fine).display_name == "Fiachra"
    assert services.ensure_profile(email_like).display_name == f"player-{email_like.pk}"
    assert services.ensure_profile(clash).display_name == f"player-{clash.pk}"
    # Asking again returns the same profile.
    again = services.ensure_profile(User.objects.get(pk=fine.pk))
    assert again == Profile.objects.get(user=fine)


@pytest.mark.django_db
def test_it_sees_a_name_as_taken_by_a_username_too() -> None:
    UserFactory.create(username="Grainne", profile=None)
    assert services.display_name_taken("grainne")
    assert not services.display_name_taken("Grainne2")
