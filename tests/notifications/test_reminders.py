"""Reminders from the clock: the last one still to play, and the warning before the deadline."""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth.models import User
from pytest_django.fixtures import Settings as SettingsWrapper

from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.models.outbox import Kind, Status
from games.notifications.scan import scan
from games.notifications.send import send_due_messages
from tests.conftest import make_person
from tests.fixtures.smtp import Sink
from tests.games.playing import any_legal_action, step_of
from tests.notifications.conftest import T0, T1, rows, start_table

DEADLINE = T0 + timedelta(hours=24)


def finish_turn(game: Game, user: User) -> None:
    """``user`` plays until they have nothing left to do this round."""
    rng = random.Random(7)
    while True:
        game.refresh_from_db()
        position = game.seats.get(user=user).position
        notation = any_legal_action(load_state(game), position, rng)
        if notation is None:
            return
        services.submit_action(game.pk, user, notation, step_of(game, user), now=T0)


def test_the_last_one_to_play_hears_once_half_the_round_has_passed(
    started: Game, host: User, player: User, smtp_sink: Sink
) -> None:
    finish_turn(started, host)
    scan(now=T0 + timedelta(hours=11))
    assert rows(Kind.LAST_TO_PLAY) == []
    scan(now=T0 + timedelta(hours=12))
    scan(now=T0 + timedelta(hours=13))
    assert [(r.user, r.round) for r in rows(Kind.LAST_TO_PLAY)] == [(player, 1)]
    send_due_messages(now=T0 + timedelta(hours=13))
    waiting = [m for m in smtp_sink.messages if m["Subject"] == f"{started} is waiting for you"]
    assert [m["To"] for m in waiting] == ["brendan@example.com"]
    assert "Everyone else at" in Sink.text_of(waiting[0])


def test_the_share_of_the_round_is_a_setting(
    started: Game, host: User, settings: SettingsWrapper
) -> None:
    settings.NOTIFY_LAST_TO_PLAY_PERCENT = 25
    finish_turn(started, host)
    scan(now=T0 + timedelta(hours=6))
    assert len(rows(Kind.LAST_TO_PLAY)) == 1


def test_nobody_is_the_last_while_two_still_have_to_play(host: User, player: User) -> None:
    third = make_person("Ciara")
    game = start_table(host, player, third)
    finish_turn(game, host)
    scan(now=T0 + timedelta(hours=20))
    assert rows(Kind.LAST_TO_PLAY) == []


def test_no_last_to_play_reminder_once_the_deadline_warning_is_due(
    started: Game, host: User
) -> None:
    finish_turn(started, host)
    scan(now=DEADLINE - timedelta(hours=1))
    assert rows(Kind.LAST_TO_PLAY) == []
    assert len(rows(Kind.DEADLINE)) == 1


def test_everyone_still_to_play_is_warned_once_about_two_hours_before_the_deadline(
    started: Game, host: User, player: User, smtp_sink: Sink
) -> None:
    scan(now=DEADLINE - timedelta(hours=2, minutes=1))
    assert rows(Kind.DEADLINE) == []
    for minutes in (120, 90, 60):
        scan(now=DEADLINE - timedelta(minutes=minutes))
    assert [(r.user, r.round) for r in rows(Kind.DEADLINE)] == [(host, 1), (player, 1)]
    finish_turn(started, host)  # Aoife plays before the sender runs: she is not warned
    send_due_messages(now=DEADLINE - timedelta(minutes=59))
    warned = [m for m in smtp_sink.messages if "left to play" in m["Subject"]]
    assert [(m["To"], m["Subject"]) for m in warned] == [
        ("brendan@example.com", f"59 minutes left to play at {started}")
    ]


def test_a_warning_that_could_not_go_out_before_the_deadline_is_dropped(
    started: Game, smtp_sink: Sink
) -> None:
    send_due_messages(now=T1)  # the start mails
    scan(now=DEADLINE - timedelta(hours=1))
    send_due_messages(now=DEADLINE + timedelta(minutes=1))
    assert {(r.status, r.note) for r in rows(Kind.DEADLINE)} == {
        (Status.DROPPED, "the deadline has passed")
    }
