"""One-click unsubscribe: the signed link turns one kind off without logging in, and only that."""

from __future__ import annotations

from datetime import timedelta

import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django.fixtures import Settings as SettingsWrapper

from accounts.models import EmailMode, Profile
from games.models import Game
from games.models.outbox import Kind
from games.notifications.send import send_due_messages
from games.notifications.unsubscribe import unsubscribe_token
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import T1


def _url(user: User, kind: Kind) -> str:
    return f"/games/unsubscribe/{unsubscribe_token(user, kind)}/"


def _profile(user: User) -> Profile:
    return Profile.objects.get(user=user)


def test_the_link_in_the_mail_turns_that_kind_off_in_one_click(
    started: Game, player: User, smtp_sink: Sink, settings: SettingsWrapper
) -> None:
    settings.SITE_URL = "https://tipperary.example"
    send_due_messages(now=T1)
    mail = next(m for m in smtp_sink.wait_for(2) if m["To"] == "brendan@example.com")
    link = str(mail["List-Unsubscribe"]).strip().removeprefix("<").removesuffix(">")
    path = link.removeprefix(settings.SITE_URL)
    # What a mail program does (RFC 8058): POST the body below, no cookies, no CSRF token.
    response = Client(enforce_csrf_checks=True).post(
        path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    assert "We turned off “A new round starts”" in response.content.decode()
    profile = _profile(player)
    assert profile.notify_new_round is False
    assert (profile.notify_deadline, profile.email_mode) == (True, EmailMode.EACH)


def test_opening_the_link_asks_first_and_changes_nothing(client: Client, player: User) -> None:
    response = client.get(_url(player, Kind.LAST_TO_PLAY))
    assert response.status_code == 200
    assert "Stop these e-mails?" in response.content.decode()
    assert _profile(player).notify_reminders is True


def test_the_digest_link_stops_all_mail(client: Client, player: User) -> None:
    Profile.objects.filter(user=player).update(email_mode=EmailMode.DIGEST)
    client.post(_url(player, Kind.DIGEST))
    assert _profile(player).email_mode == EmailMode.OFF


def test_a_tampered_link_is_refused_and_changes_nothing(
    client: Client, host: User, player: User
) -> None:
    token = unsubscribe_token(player, Kind.NEW_ROUND)
    forged = token.replace(
        token.split(":")[0], unsubscribe_token(host, Kind.NEW_ROUND).split(":")[0]
    )
    for bad in (forged, token[:-2] + "xx", "nonsense"):
        response = client.post(f"/games/unsubscribe/{bad}/")
        assert response.status_code == 400
        assert "not valid or has expired" in response.content.decode()
    assert _profile(player).notify_new_round is True
    assert _profile(host).notify_new_round is True


def test_an_expired_link_is_refused_and_changes_nothing(client: Client, player: User) -> None:
    url = _url(player, Kind.NEW_ROUND)
    with time_machine.travel(timezone.now() + timedelta(days=91)):
        response = client.post(url)
    assert response.status_code == 400
    assert _profile(player).notify_new_round is True


def test_a_link_for_a_deleted_account_is_refused(client: Client, player: User) -> None:
    url = _url(player, Kind.NEW_ROUND)
    player.delete()
    assert client.post(url).status_code == 400
