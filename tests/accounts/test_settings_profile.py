"""Settings: the display name and time zone; bad input is refused and nothing changes."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from accounts.models import Profile
from tests.accounts.conftest import page_text
from tests.factories import UserFactory

SETTINGS = reverse("accounts:settings")


def saved(player: User) -> tuple[str, str, str]:
    profile = Profile.objects.select_related("user").get(user=player)
    return profile.display_name, profile.time_zone, profile.user.username


def test_it_sends_visitors_to_log_in(client: Client, db: None) -> None:
    response = client.get(SETTINGS)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_login')}?next={SETTINGS}"


def test_it_renames_the_player_and_moves_their_time_zone(
    player_client: Client, player: User
) -> None:
    response = player_client.post(
        SETTINGS, {"display_name": "Aoife_Rua", "time_zone": "Asia/Tokyo"}, follow=True
    )
    assert "Your profile is saved." in page_text(response)
    assert saved(player) == ("Aoife_Rua", "Asia/Tokyo", "Aoife_Rua")


def test_it_lets_a_player_change_only_the_letter_case_of_their_name(
    player_client: Client, player: User
) -> None:
    player_client.post(SETTINGS, {"display_name": "AOIFE", "time_zone": "Europe/Dublin"})
    assert saved(player) == ("AOIFE", "Europe/Dublin", "AOIFE")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"display_name": "brendan"}, "“brendan” is already taken. Please choose another name."),
        ({"display_name": "A"}, "A display name has 3 to 20 characters; this one has 1."),
        ({"display_name": "Aoife!"}, "Use only letters a–z, digits, “_” and “-”"),
        ({"time_zone": "Europe/Atlantis"}, "“Europe/Atlantis” is not a time zone we know."),
        ({"time_zone": ""}, "This field is required."),
    ],
)
def test_it_refuses_bad_input_and_changes_nothing(
    player_client: Client, player: User, other_player: User, changes: dict[str, str], message: str
) -> None:
    data = {"display_name": "Aoife", "time_zone": "Asia/Tokyo", **changes}
    response = player_client.post(SETTINGS, data)
    assert response.status_code == 200
    assert message in page_text(response)
    assert saved(player) == ("Aoife", "Europe/Dublin", "Aoife")


def test_it_shows_the_local_time_and_preselects_the_saved_zone(player_client: Client) -> None:
    text = page_text(player_client.get(SETTINGS))
    assert '<option value="Europe/Dublin" selected>Dublin</option>' in text
    assert re.search(r"in Dublin \(UTC\+[01]\)\.", text)  # +1 in summer
    assert 'data-browser-zone="suggest"' in text
    assert '<a href="/settings/" aria-current="page">Name and time zone</a>' in text


def test_it_keeps_showing_an_old_alias_zone_that_is_still_valid(
    player_client: Client, player: User
) -> None:
    Profile.objects.filter(user=player).update(time_zone="US/Eastern")
    text = page_text(player_client.get(SETTINGS))
    assert '<option value="US/Eastern" selected>US/Eastern</option>' in text


def test_it_gives_a_user_without_a_profile_one(client: Client, db: None) -> None:
    staff = UserFactory.create(username="root@example.com", profile=None)
    client.force_login(staff)

    response = client.get(SETTINGS)

    assert response.status_code == 200
    # The e-mail-like username is no display name; a neutral one is derived.
    assert Profile.objects.get(user=staff).display_name == f"player-{staff.pk}"


def test_it_shows_the_page_in_four_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user; 3. SELECT accounts_profile
    # 4. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(4):
        response = player_client.get(SETTINGS)
    assert response.status_code == 200


def test_it_saves_a_rename_in_eight_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user; 3. SELECT accounts_profile
    # 4. SELECT 1 FROM auth_user LEFT JOIN accounts_profile (is the name taken, any case?)
    # 5. SAVEPOINT; 6. UPDATE accounts_profile; 7. UPDATE auth_user (username follows the
    #    name); 8. RELEASE SAVEPOINT
    with django_assert_num_queries(8):
        response = player_client.post(
            SETTINGS, {"display_name": "Aoife_Rua", "time_zone": "Asia/Tokyo"}
        )
    assert response.status_code == 302
