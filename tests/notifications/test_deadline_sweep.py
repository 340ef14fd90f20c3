"""Mails from the deadline sweep: the autopilot's turn, and a forgotten table closed."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User

from games import services
from games.models import Game, GameStatus
from games.models.outbox import Kind, Status
from games.notifications.send import send_due_messages
from games.services.deadlines import close_forgotten_table, play_overdue
from tests.fixtures.smtp import Sink
from tests.notifications.conftest import T0, T1, rows
from tests.notifications.test_reminders import finish_turn

DEADLINE = T0 + timedelta(hours=24)


def test_a_missed_deadline_is_told_in_the_next_rounds_mail_not_in_a_second_one(
    started: Game, host: User, player: User, smtp_sink: Sink
) -> None:
    send_due_messages(now=T1)  # the start mails
    finish_turn(started, host)
    assert play_overdue(started.pk, now=DEADLINE + timedelta(minutes=1)) == 1
    assert [(r.user, r.round) for r in rows(Kind.AUTOPILOT)] == [(player, 1)]

    send_due_messages(now=DEADLINE + timedelta(minutes=10))

    to_brendan = [m for m in smtp_sink.wait_for(4) if m["To"] == "brendan@example.com"]
    assert [m["Subject"] for m in to_brendan] == [
        f"{started} has started: your turn",
        f"Your turn at {started}: round 2 of 12",
    ]
    assert "The autopilot played round 1 for you" in Sink.text_of(to_brendan[1])
    (autopilot,) = rows(Kind.AUTOPILOT)
    assert (autopilot.status, autopilot.note) == (Status.DROPPED, "told in the next round's mail")


def test_the_host_hears_when_a_forgotten_table_closes(host: User, smtp_sink: Sink) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=True, rated=True)
    later = game.created_at + timedelta(days=15)
    assert close_forgotten_table(game.pk, now=later)
    assert Game.objects.get(pk=game.pk).status == GameStatus.CLOSED
    send_due_messages(now=later)
    (mail,) = smtp_sink.wait_for(1)
    assert (mail["To"], mail["Subject"]) == (
        "aoife@example.com",
        f"{game} closed before it started",
    )
    assert "Nobody joined" in Sink.text_of(mail) and "/games/" in Sink.text_of(mail)
