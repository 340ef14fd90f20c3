"""The public player page: display name and member since, never the e-mail address."""

from __future__ import annotations

from datetime import date, datetime

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from accounts.models import Profile
from tests.accounts.conftest import page_text


@pytest.fixture
def aoife_page(player: User) -> str:
    User.objects.filter(pk=player.pk).update(
        date_joined=timezone.make_aware(datetime(2026, 3, 14, 9, 0))
    )
    return reverse("ratings:player", args=["Aoife"])


def test_it_shows_the_display_name_and_member_since_to_anyone(
    client: Client, aoife_page: str
) -> None:
    response = client.get(aoife_page)
    text = page_text(response)
    assert '<h1 id="player-name">Aoife</h1>' in text
    assert "Member since March 2026" in text
    assert "<title>Aoife · Tipperary</title>" in text
    assert "aoife@example.com" not in text
    assert "Change your name or settings" not in text


def test_it_finds_the_player_whatever_the_letter_case(client: Client, player: User) -> None:
    response = client.get(reverse("ratings:player", args=["aOIFE"]))
    assert response.status_code == 200


def test_it_answers_404_for_nobody(client: Client, db: None) -> None:
    assert client.get(reverse("ratings:player", args=["nobody"])).status_code == 404


def test_it_says_when_the_player_is_away(client: Client, player: User, aoife_page: str) -> None:
    Profile.objects.filter(user=player).update(
        vacation_from=date(2026, 7, 1), vacation_until=date(2026, 7, 14)
    )
    with time_machine.travel("2026-07-05 12:00Z", tick=False):
        text = page_text(client.get(aoife_page))
    assert "Away until Tuesday 14 July" in text


def test_it_links_the_owner_to_their_settings(player_client: Client, aoife_page: str) -> None:
    assert "Change your name or settings" in page_text(player_client.get(aoife_page))


def test_it_shows_the_page_of_a_newcomer_in_eight_queries(
    client: Client, aoife_page: str, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT accounts_profile JOIN auth_user (by display name, any case)
    # 2. SELECT games_rating (her ratings: none yet, so no history to read)
    # 3. SELECT COUNT, AVG, MAX games_seat JOIN games_game (her results and categories)
    # 4. SELECT COUNT DISTINCT games_action (rounds she and the autopilot played: none)
    # 5. SELECT COUNT(*) games_seat JOIN games_game (her finished tables: none, so no page)
    # 6. SELECT games_seat JOIN games_game JOIN auth_user (weekly challenge entries: her
    #    duplicate rating)
    # 7. SELECT games_entrant JOIN games_tournament, COUNT entrants (her tournaments)
    # 8. SELECT games_seat JOIN games_game (the player's current open tables)
    # (the pages of a player with a record: tests/ratings/test_player_record.py)
    with django_assert_num_queries(8):
        response = client.get(aoife_page)
    assert response.status_code == 200


def test_it_shows_the_owner_their_page_in_eleven_queries(
    player_client: Client, aoife_page: str, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user (the viewer);
    # 3. SELECT accounts_profile JOIN auth_user (the player shown)
    # 4.–8. her ratings, results, rounds played, finished tables counted and challenge
    #    entries (as above)
    # 9. SELECT games_entrant JOIN games_tournament, COUNT entrants (her tournaments)
    # 10. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    # 11. SELECT games_seat JOIN games_game (the player's current open tables)
    # (no games_block: her own page offers her settings, not Block or Unblock; another
    # viewer's: tests/ratings/test_player_record.py)
    with django_assert_num_queries(11):
        response = player_client.get(aoife_page)
    assert response.status_code == 200
