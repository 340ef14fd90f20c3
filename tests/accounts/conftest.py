"""Fixed roles for the accounts tests, and a clean rate-limit count for every test."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.core.mail import EmailMessage as DjangoMessage
from django.test import Client

from games.notifications.send import send_due_messages
from tests.factories import UserFactory
from tests.fixtures.smtp import Sink

# A password Django's validators accept, for forms that choose a new one.
NEW_PASSWORD = "Turf-and-heather-42"


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    """allauth counts attempts in the cache; each test starts with none counted."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def player(db: None) -> User:
    """Aoife: signed up, confirmed her address, plays from Dublin."""
    return UserFactory.create(
        username="Aoife", email="aoife@example.com", profile__time_zone="Europe/Dublin"
    )


@pytest.fixture
def other_player(db: None) -> User:
    """Brendan, another confirmed player."""
    return UserFactory.create(username="Brendan", email="brendan@example.com")


@pytest.fixture
def player_client(client: Client, player: User) -> Client:
    client.force_login(player)
    return client


def link_in(text: str) -> str:
    """The first http(s) link in an e-mail's text."""
    found = re.search(r"https?://\S+", text)
    assert found, text
    return found.group(0)


def path_of(url: str) -> str:
    """The path of an absolute link, for the test client."""
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def page_text(response: object) -> str:
    """A page's HTML with entities decoded, so assertions can quote it as a person reads it."""
    content = getattr(response, "content", b"")
    assert isinstance(content, bytes)
    return html.unescape(content.decode())


def sent_mail() -> list[DjangoMessage]:
    """Every mail sent so far, once the worker's sender has sent what is due (account mail is
    written to the outbox in the request and sent by the worker)."""
    send_due_messages()
    return mail.outbox


def delivered(sink: Sink, count: int = 1) -> list[EmailMessage]:
    """The first ``count`` mails the SMTP server received, once the sender has sent what is due."""
    send_due_messages()
    return sink.wait_for(count)
