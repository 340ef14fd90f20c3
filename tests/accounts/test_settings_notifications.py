"""Settings: how often we write (each event, a daily digest at a local hour, never) and why."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from accounts import services
from accounts.models import EmailMode, Profile
from tests.accounts.conftest import page_text

NOTIFICATIONS = reverse("accounts:notifications")

ALL_ON = {
    "email_mode": "each",
    "digest_hour": "8",
    "notify_new_round": "on",
    "notify_reminders": "on",
    "notify_deadline": "on",
    "notify_game_finished": "on",
    "notify_invitations": "on",
    "notify_chat": "on",
}


def test_it_switches_to_a_daily_digest_at_a_local_hour_and_off_some_kinds(
    player_client: Client, player: User
) -> None:
    data = {**ALL_ON, "email_mode": "digest", "digest_hour": "19"}
    del data["notify_reminders"], data["notify_invitations"]

    response = player_client.post(NOTIFICATIONS, data, follow=True)

    assert "Your e-mail settings are saved." in page_text(response)
    profile = Profile.objects.get(user=player)
    assert profile.email_mode == EmailMode.DIGEST
    assert profile.digest_hour == 19
    assert (profile.notify_new_round, profile.notify_reminders, profile.notify_deadline) == (
        True,
        False,
        True,
    )
    assert (profile.notify_game_finished, profile.notify_invitations) == (True, False)


def test_it_turns_off_the_mention_of_new_table_talk(player_client: Client, player: User) -> None:
    assert "Mention new table talk in those e-mails" in page_text(player_client.get(NOTIFICATIONS))
    data = {**ALL_ON}
    del data["notify_chat"]
    player_client.post(NOTIFICATIONS, data)
    assert Profile.objects.get(user=player).notify_chat is False


def test_it_turns_e_mail_off(player_client: Client, player: User) -> None:
    player_client.post(NOTIFICATIONS, {**ALL_ON, "email_mode": "off"})
    assert Profile.objects.get(user=player).email_mode == EmailMode.OFF


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"email_mode": "hourly"}, "Pick one of the three choices."),
        ({"email_mode": ""}, "This field is required."),
        ({"digest_hour": "24"}, "Pick an hour from the list (00:00 to 23:00)."),
        ({"digest_hour": "eight"}, "Pick an hour from the list (00:00 to 23:00)."),
    ],
)
def test_it_refuses_bad_input_and_changes_nothing(
    player_client: Client, player: User, changes: dict[str, str], message: str
) -> None:
    response = player_client.post(NOTIFICATIONS, {**ALL_ON, "notify_deadline": "", **changes})
    assert message in page_text(response)
    profile = Profile.objects.get(user=player)
    assert (profile.email_mode, profile.digest_hour, profile.notify_deadline) == ("each", 8, True)


def test_it_groups_the_choices_for_keyboard_and_screen_reader(player_client: Client) -> None:
    text = page_text(player_client.get(NOTIFICATIONS))
    assert "<legend>How often we write</legend>" in text
    assert '<input type="radio" name="email_mode" value="each"' in text
    assert "<legend>Write to me when</legend>" in text
    assert '<label for="id_notify_new_round">A new round starts</label>' in text
    assert '<option value="8" selected>08:00</option>' in text
    assert re.search(r"Your time \(Dublin \(UTC\+[01]\)\)\.", text)  # +1 in summer


def test_it_shows_the_page_in_four_queries(
    player_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user; 3. SELECT accounts_profile
    # 4. SELECT COUNT(*) games_seat JOIN games_game (tables waiting for you, in the header)
    with django_assert_num_queries(4):
        response = player_client.get(NOTIFICATIONS)
    assert response.status_code == 200


def test_it_saves_in_one_update_of_the_mail_settings_alone(
    player_client: Client, player: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    # 1. SELECT django_session; 2. SELECT auth_user; 3. SELECT accounts_profile
    # 4. UPDATE accounts_profile SET the nine mail settings (the name and zone are left alone)
    with django_assert_num_queries(4) as done:
        player_client.post(NOTIFICATIONS, {**ALL_ON, "email_mode": "off"})
    update = done.captured_queries[-1]["sql"]
    assert update.startswith('UPDATE "accounts_profile" SET "email_mode" = ')
    assert "display_name" not in update and "time_zone" not in update
    assert Profile.objects.get(user=player).email_mode == EmailMode.OFF


def test_only_a_mail_setting_can_be_changed_as_one(player: User) -> None:
    profile = Profile.objects.get(user=player)
    with pytest.raises(ValueError, match="Not a mail setting: display_name"):
        services.change_mail_settings(profile, {"display_name": "Someone"})
