"""Settings: the days a player is away, first and last included, in their own time zone."""

from __future__ import annotations

from datetime import date

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from accounts.models import Profile
from tests.accounts.conftest import page_text

VACATION = reverse("accounts:vacation")
# Noon in Dublin on 1 July 2026.
NOON = "2026-07-01 11:00Z"


def dates(player: User) -> tuple[date | None, date | None]:
    profile = Profile.objects.get(user=player)
    return profile.vacation_from, profile.vacation_until


@time_machine.travel(NOON, tick=False)
def test_it_saves_a_holiday_and_says_when_the_player_is_away(
    player_client: Client, player: User
) -> None:
    response = player_client.post(
        VACATION, {"vacation_from": "2026-07-01", "vacation_until": "2026-07-14"}, follow=True
    )
    text = page_text(response)
    assert "Your holiday is saved. Enjoy it!" in text
    assert "You are away until Tuesday 14 July 2026." in text
    assert dates(player) == (date(2026, 7, 1), date(2026, 7, 14))


@time_machine.travel(NOON, tick=False)
def test_it_cancels_a_holiday_when_both_dates_are_emptied(
    player_client: Client, player: User
) -> None:
    Profile.objects.filter(user=player).update(
        vacation_from=date(2026, 7, 1), vacation_until=date(2026, 7, 14)
    )
    response = player_client.post(
        VACATION, {"vacation_from": "", "vacation_until": ""}, follow=True
    )
    assert "No holiday planned: you're around." in page_text(response)
    assert dates(player) == (None, None)


@time_machine.travel(NOON, tick=False)
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"vacation_from": "2026-07-10", "vacation_until": "2026-07-02"}, "The last day can't be"),
        ({"vacation_from": "2026-07-10", "vacation_until": ""}, "Give both the first and the last"),
        ({"vacation_from": "", "vacation_until": "2026-07-10"}, "Give both the first and the last"),
        ({"vacation_from": "2025-06-01", "vacation_until": "2025-06-10"}, "already over"),
        ({"vacation_from": "next week", "vacation_until": "2026-07-20"}, "Enter a valid date."),
        ({"vacation_from": "0001-01-01", "vacation_until": "9999-12-31"}, "less than a year ago"),
        ({"vacation_from": "2026-07-02", "vacation_until": "9999-12-31"}, "a year from today"),
        ({"vacation_from": "2026-07-02", "vacation_until": "2027-07-02"}, "a year from today"),
    ],
)
def test_it_refuses_bad_dates_and_changes_nothing(
    player_client: Client, player: User, data: dict[str, str], message: str
) -> None:
    response = player_client.post(VACATION, data)
    assert message in page_text(response)
    assert dates(player) == (None, None)


@time_machine.travel(NOON, tick=False)
def test_it_takes_a_holiday_that_began_a_while_ago_and_ends_within_a_year(
    player_client: Client, player: User
) -> None:
    player_client.post(VACATION, {"vacation_from": "2025-07-02", "vacation_until": "2027-07-01"})
    assert dates(player) == (date(2025, 7, 2), date(2027, 7, 1))


def test_it_uses_date_pickers(player_client: Client) -> None:
    text = page_text(player_client.get(VACATION))
    assert '<input type="date" name="vacation_from"' in text
    assert '<label for="id_vacation_until">Last day away</label>' in text


def test_it_shows_the_page_in_four_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user; 3. SELECT accounts_profile
    # 4. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(4):
        response = player_client.get(VACATION)
    assert response.status_code == 200
