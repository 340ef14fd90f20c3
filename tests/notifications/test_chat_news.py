"""Table talk in mail: never one mail per message; the next turn mail or the digest says how
many messages are new at a table, with the latest quoted, unless the person turned it off."""

from __future__ import annotations

from datetime import UTC, datetime

import time_machine
from django.contrib.auth.models import User

from accounts.models import EmailMode, Profile
from games.models.outbox import OutboxMessage
from games.notifications.send import send_due_messages
from games.services.chat import post_message, set_hidden
from games.tasks import notifications_task
from tests.conftest import make_person
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import T0, T1, start_table

MORNING = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)  # Dublin's digest hour


def test_a_message_alone_sends_no_mail(host: User, player: User, smtp_sink: Sink) -> None:
    game = start_table(host, player)
    send_due_messages(now=T1)  # the "table started" mails
    before = OutboxMessage.objects.count(), len(smtp_sink.messages)
    post_message(game.pk, player, "hello", now=T1)
    send_due_messages(now=T1)
    assert (OutboxMessage.objects.count(), len(smtp_sink.messages)) == before


def test_the_next_turn_mail_counts_new_messages_and_quotes_the_latest(
    host: User, player: User, smtp_sink: Sink
) -> None:
    game = start_table(host, player)
    post_message(game.pk, player, "Good luck!", now=T0)
    post_message(game.pk, player, "Mind the bog <3", now=T0)
    post_message(game.pk, host, "my own", now=T0)
    send_due_messages(now=T1)
    (to_aoife,) = [m for m in smtp_sink.messages if m["To"] == "aoife@example.com"]
    text = Sink.text_of(to_aoife)
    assert f"2 new messages at {game}. The latest, from Brendan:" in text
    assert "“Mind the bog <3”" in text
    assert "Mind the bog &lt;3" in Sink.html_of(to_aoife)
    (to_brendan,) = [m for m in smtp_sink.messages if m["To"] == "brendan@example.com"]
    assert "1 new message at" in Sink.text_of(to_brendan)


def test_the_digest_counts_unread_messages_at_each_table(host: User, smtp_sink: Sink) -> None:
    dara = make_person("Dara", email_mode=EmailMode.DIGEST, time_zone="Europe/Dublin")
    first = start_table(host, dara)
    second = start_table(host, dara, hours=48)
    for n in range(3):
        post_message(first.pk, host, f"first table, message {n}", now=T0)
    hidden = post_message(second.pk, host, "something rude", now=T0)
    set_hidden([hidden.pk], True)
    with time_machine.travel(MORNING, tick=False):
        notifications_task()
    (digest,) = [m for m in smtp_sink.messages if m["To"] == "dara@example.com"]
    text = Sink.text_of(digest)
    assert f"3 new messages at {first}. The latest, from Aoife:" in text
    assert "“first table, message 2”" in text
    assert "something rude" not in text and f"at {second}." not in text


def test_a_person_can_turn_the_mention_off(host: User, player: User, smtp_sink: Sink) -> None:
    Profile.objects.filter(user=host).update(notify_chat=False)
    game = start_table(host, player)
    post_message(game.pk, player, "anyone there?", now=T0)
    send_due_messages(now=T1)
    (to_aoife,) = [m for m in smtp_sink.messages if m["To"] == "aoife@example.com"]
    assert "new message" not in Sink.text_of(to_aoife)
    assert "anyone there?" not in Sink.html_of(to_aoife)
