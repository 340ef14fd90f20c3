"""The weekly challenge mail has its own switch, apart from the "game is finished" mails."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from games.challenge import entries
from games.models.outbox import Kind
from games.notifications.unsubscribe import unsubscribe_token
from tests.accounts.conftest import page_text
from tests.challenge.test_deal_mail import _week_of_mail
from tests.challenge.weeks import NEXT_MONDAY, SEED
from tests.fixtures.smtp import Sink

NOTIFICATIONS = reverse("accounts:notifications")
ALL_ON = {
    "email_mode": "each",
    "digest_hour": "8",
    "notify_new_round": "on",
    "notify_reminders": "on",
    "notify_deadline": "on",
    "notify_game_finished": "on",
    "notify_invitations": "on",
    "notify_challenge": "on",
    "notify_chat": "on",
}


def _switches(user: User) -> tuple[bool, bool]:
    profile = Profile.objects.get(user=user)
    return profile.notify_challenge, profile.notify_game_finished


def test_the_settings_turn_the_challenge_mail_off_and_leave_the_results_on(
    player_client: Client, player: User
) -> None:
    assert "The weekly challenge's deal is up" in page_text(player_client.get(NOTIFICATIONS))
    data = {**ALL_ON}
    del data["notify_challenge"]
    player_client.post(NOTIFICATIONS, data)
    assert _switches(player) == (False, True)


def test_the_one_click_link_of_the_challenge_mail_turns_off_only_that_mail(
    client: Client, player: User
) -> None:
    token = unsubscribe_token(player, Kind.CHALLENGE)
    response = client.post(f"/games/unsubscribe/{token}/")
    assert response.status_code == 200
    assert "The weekly challenge" in response.content.decode()
    assert _switches(player) == (False, True)


def test_someone_who_switched_the_challenge_off_hears_nothing_of_the_week(
    player: User, other_player: User, smtp_sink: Sink
) -> None:
    Profile.objects.filter(user=player).update(notify_game_finished=False)
    Profile.objects.filter(user=other_player).update(notify_challenge=False)
    entries.open_week(NEXT_MONDAY, seed=SEED)
    assert [to for to, _text in _week_of_mail(smtp_sink)] == ["aoife@example.com"]
