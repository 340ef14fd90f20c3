"""Mail and push speak their recipient's language, whoever's move caused them; dates in a mail
are written in that language, on the recipient's clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.utils import translation

from accounts.adapter import AccountAdapter
from accounts.models import Profile
from accounts.zones import language_of
from games.models import Seat
from games.models.outbox import Kind
from games.notifications import compose
from games.notifications.compose import deadline_text, render_mail
from games.notifications.push import payload
from games.notifications.push.payload import push_payload
from tests.conftest import make_person
from tests.notifications.conftest import T1, rows, start_table

pytestmark = pytest.mark.django_db


def _speaking(user: User, language: str) -> User:
    Profile.objects.filter(user=user).update(language=language)
    user.profile.refresh_from_db()
    return user


@pytest.fixture
def dieter(db: None) -> User:
    return _speaking(make_person("Dieter", time_zone="Europe/Berlin"), "de")


@pytest.fixture
def francine(db: None) -> User:
    return _speaking(make_person("Francine", time_zone="Europe/Paris"), "fr")


class Heard:
    """The language active each time a template is rendered."""

    def __init__(self) -> None:
        self.languages: list[str | None] = []


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> Iterator[Heard]:
    spy = Heard()
    for module in (compose, payload):
        real = module.render_to_string

        def render(*args: Any, _real: Any = real, **kwargs: Any) -> str:
            spy.languages.append(translation.get_language())
            return str(_real(*args, **kwargs))

        monkeypatch.setattr(module, "render_to_string", render)
    yield spy


def test_it_reads_the_persons_language_or_the_sites(dieter: User, settings: Any) -> None:
    assert language_of(dieter) == "de"
    assert language_of(make_person("Aoife")) == settings.LANGUAGE_CODE
    assert language_of(None) == settings.LANGUAGE_CODE


def test_a_german_players_move_mails_a_french_player_in_french(
    dieter: User, francine: User, heard: Heard
) -> None:
    with translation.override("de"):  # the German host's request starts the table
        game = start_table(dieter, francine)
        row = next(r for r in rows(Kind.STARTED) if r.user == francine)
        seat = Seat.objects.get(game=game, user=francine)
        message = render_mail(row, seat, "francine@example.com", T1)
        assert translation.get_language() == "de"  # the request's own language is left as it was
    assert heard.languages == ["fr", "fr", "fr"]  # subject, text and HTML
    # The deadline in the body is French and on her clock (a day after T0, noon UTC).
    assert isinstance(message, EmailMessage)
    assert "lun 30 " in str(message.body) and "13:00 CET" in str(message.body)


def test_the_push_speaks_the_recipients_language_too(
    dieter: User, francine: User, heard: Heard
) -> None:
    game = start_table(dieter, francine)
    row = next(r for r in rows(Kind.STARTED) if r.user == francine)
    with translation.override("de"):
        push_payload(row, Seat.objects.get(game=game, user=francine), T1)
    assert heard.languages == ["fr", "fr"]  # title and body


def test_a_deadline_reads_in_the_persons_language_on_their_clock(francine: User) -> None:
    profile = francine.profile
    moment = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    with translation.override("en"):
        assert deadline_text(moment, profile) == "Mon 30 Nov, 13:00 CET"
    with translation.override("fr"):
        assert deadline_text(moment, profile).startswith("lun 30 ")


def test_account_mail_goes_in_the_account_holders_language(
    francine: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    spoken: list[str | None] = []

    def render_mail(self: AccountAdapter, prefix: str, email: str, context: Any) -> EmailMessage:
        spoken.append(translation.get_language())
        return EmailMessage("subject", "body", to=[email])

    monkeypatch.setattr(AccountAdapter, "render_mail", render_mail)
    adapter = AccountAdapter()
    with translation.override("de"):  # someone asked for her password reset from a German page
        adapter.send_mail("account/email/password_reset_key", "f@example.com", {"user": francine})
        adapter.send_mail("account/email/unknown_account", "x@example.com", {})
    assert spoken == ["fr", "de"]  # no account: the language of whoever typed the address
