"""Web push as the outbox's second channel, against the loopback push service: every push is
signed (VAPID, checked by the service) and encrypted to the device (decrypted by the service)."""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.cache import cache
from django.utils import timezone

from accounts.models import EmailMode, Profile
from games import services
from games.challenge.entries import open_week
from games.models import Game, GameStatus
from games.models.outbox import Channel, Kind, OutboxMessage, Status
from games.notifications.scan import scan
from games.notifications.send import OUTAGE_KEY, send_due_messages
from games.notifications.write import notify_table_closed
from tests.conftest import make_person
from tests.fixtures.push_service import PushService
from tests.games.playing import finish_turns
from tests.notifications.conftest import T0, T1, play_to_the_end, start_table


def pushes(kind: Kind | None = None) -> list[OutboxMessage]:
    found = OutboxMessage.objects.filter(channel=Channel.PUSH).order_by("pk")
    return list(found if kind is None else found.filter(kind=kind))


def test_a_turn_goes_to_every_device_after_the_grace_signed_and_encrypted(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife-phone")
    push_service.device(host, "aoife-laptop", "Firefox on Linux")
    push_service.device(player, "brendan-phone")
    game = start_table(host, player)

    # Still at the table: nothing goes during the grace period.
    assert send_due_messages(now=T0 + timedelta(minutes=4)).sent == 0
    assert push_service.received == []

    report = send_due_messages(now=T1)
    assert report.sent == 4  # two mails and two push rows (one per person)
    assert push_service.problems == []
    assert sorted(p.device for p in push_service.received) == [
        "aoife-laptop", "aoife-phone", "brendan-phone",
    ]  # fmt: skip
    push = push_service.to("aoife-phone")[0]
    assert push.payload == {
        "title": f"{game} has started: your turn",
        "body": push.payload["body"],
        "url": f"/games/{game.pk}/",
        "tag": f"table-{game.pk}",
        "count": 1,
        "kind": "started",
    }
    assert push.payload["body"].startswith("Round 1 of 12 · 23 hours")
    assert push.headers["urgency"] == "high" and push.headers["topic"] == f"table-{game.pk}"
    assert push.claims["aud"] == push_service.origin
    # Sent once: a second run finds nothing due.
    assert send_due_messages(now=T1 + timedelta(hours=1)).sent == 0
    assert len(push_service.received) == 3


def test_a_new_round_is_pushed_and_a_turn_already_played_is_not(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife")
    push_service.device(player, "brendan")
    game = start_table(host, player)
    game = finish_turns(game, random.Random(1))
    services.advance_complete_games()
    game.refresh_from_db()
    assert game.round == 2
    send_due_messages(now=timezone.now() + timedelta(minutes=10))  # round 2 began just now
    assert push_service.problems == []
    # The "table started" pushes were moot (round 1 was played): only round 2's went.
    kinds = [(p.device, p.payload["kind"]) for p in push_service.received]
    assert sorted(kinds) == [("aoife", "new_round"), ("brendan", "new_round")]
    assert [r.note for r in pushes(Kind.STARTED)] == [
        "the seat no longer has to play that round"
    ] * 2
    assert push_service.to("aoife")[0].payload["title"] == f"Your turn at {game}: round 2 of 12"


def test_reminders_each_by_its_own_switch(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife")
    push_service.device(player, "brendan")
    Profile.objects.filter(user=player).update(push_deadline=False)
    game = start_table(host, player)
    game = finish_turns(game, random.Random(1), skip=(1,))  # Aoife plays
    # Half the round gone: Brendan is the last to play; later the deadline is near.
    scan(now=T0 + timedelta(hours=13))
    scan(now=T0 + timedelta(hours=23))
    send_due_messages(now=T0 + timedelta(hours=23))
    assert push_service.problems == []
    got = sorted((p.device, p.payload["kind"]) for p in push_service.received)
    # His deadline push is off; Aoife played before her "table started" push was due.
    assert got == [("brendan", "last_to_play"), ("brendan", "started")]
    assert OutboxMessage.objects.filter(kind=Kind.DEADLINE, channel=Channel.MAIL).exists()
    titles = {p.payload["kind"]: p.payload["title"] for p in push_service.to("brendan")}
    assert titles["last_to_play"] == f"{game} is waiting for you"


def test_the_end_of_a_table_invitations_and_closed_tables_go_by_push_when_asked(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife")
    push_service.device(player, "brendan")
    Profile.objects.filter(user__in=[host, player]).update(
        push_game_finished=True, push_invitations=True, push_new_round=False,
        push_reminders=False, push_deadline=False,
    )  # fmt: skip
    game = play_to_the_end(start_table(host, player))
    assert game.status == GameStatus.FINISHED
    invite_only = services.create_game(
        player, seats_wanted=2, round_minutes=1440, is_open=False, rated=True
    )
    services.invite_player(invite_only.pk, player, "Aoife")
    forming = services.create_game(
        host, seats_wanted=3, round_minutes=1440, is_open=True, rated=True
    )
    notify_table_closed(forming)

    send_due_messages(now=timezone.now() + timedelta(days=30))  # the game ends on today's clock
    assert push_service.problems == []
    got = sorted((p.device, p.payload["kind"], p.payload["url"]) for p in push_service.received)
    assert got == [
        ("aoife", "finished", f"/games/{game.pk}/"),
        ("aoife", "invitation", f"/games/{invite_only.pk}/"),
        ("aoife", "table_closed", f"/games/{forming.pk}/"),
        ("brendan", "finished", f"/games/{game.pk}/"),
    ]
    titles = {p.payload["kind"]: p.payload["title"] for p in push_service.to("aoife")}
    assert titles["invitation"] == f"Brendan invites you to {invite_only}"
    assert titles["table_closed"] == f"{forming} closed before it started"
    assert not pushes(Kind.NEW_ROUND)  # turned off: never written


def test_push_does_not_follow_the_mail_setting_and_holidays_quiet_turns_only(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife")
    push_service.device(player, "brendan")
    Profile.objects.filter(user=host).update(email_mode=EmailMode.OFF)
    Profile.objects.filter(user=player).update(
        vacation_from=T0.date(), vacation_until=T0.date() + timedelta(days=3)
    )
    start_table(host, player)
    send_due_messages(now=T1)
    assert [p.device for p in push_service.received] == ["aoife"]
    assert not OutboxMessage.objects.filter(user=host, channel=Channel.MAIL).exists()


def test_nobody_without_a_device_gets_a_push_row(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife")
    start_table(host, player)
    assert [r.user for r in pushes()] == [host]


def test_a_gone_device_is_removed_and_the_others_still_get_the_push(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "old-phone")
    push_service.device(host, "new-phone")
    push_service.answer("old-phone", 410)
    start_table(host, player)
    assert send_due_messages(now=T1).retried == 0
    assert [d.label for d in host.push_devices.all()] == ["Chrome on Android"]
    assert host.push_devices.get().endpoint.endswith("/new-phone")
    assert len(push_service.to("new-phone")) == 1
    assert pushes()[0].status == Status.SENT


def test_a_row_whose_only_device_is_gone_is_dropped(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "old-phone")
    push_service.answer("old-phone", 404)
    start_table(host, player)
    send_due_messages(now=T1)
    row = pushes()[0]
    assert (row.status, row.note) == (Status.DROPPED, "every device is gone")
    assert not host.push_devices.exists()


def test_a_failing_push_service_backs_off_and_retries_without_losing_or_repeating(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "phone")
    push_service.device(host, "laptop")
    push_service.answer("phone", 500, 503)
    start_table(host, player)

    report = send_due_messages(now=T1)
    row = pushes()[0]
    assert report.retried == 1 and row.status == Status.PENDING
    assert row.due_at == T1 + timedelta(minutes=2) and "status 500" in row.note
    assert len(push_service.to("laptop")) == 1
    # Too early: nothing is tried again.
    assert send_due_messages(now=T1 + timedelta(minutes=1)).retried == 0
    # The second try fails too (8 minutes more), the third reaches the phone.
    assert send_due_messages(now=T1 + timedelta(minutes=2)).retried == 1
    assert send_due_messages(now=T1 + timedelta(minutes=10)).sent >= 1
    row.refresh_from_db()
    assert row.status == Status.SENT and row.attempts == 3
    assert len(push_service.to("phone")) == 3  # two refused, one taken
    assert len(push_service.to("laptop")) == 1  # never sent twice
    assert push_service.problems == []


def test_a_hanging_push_service_times_out_and_holds_up_neither_mail_nor_the_round(
    push_service: PushService, host: User, player: User, settings: object
) -> None:
    settings.PUSH_TIMEOUT_SECONDS = 1  # type: ignore[attr-defined]
    push_service.device(host, "stuck")
    push_service.hang("stuck")
    game = start_table(host, player)

    # Ending the round never waits on a push service: it only writes rows.
    game = finish_turns(game, random.Random(1))
    services.advance_complete_games()
    assert Game.objects.get(pk=game.pk).round == 2
    report = send_due_messages(now=timezone.now() + timedelta(minutes=10))
    assert report.retried == 1  # the push: timed out, tried again later
    assert report.sent == 2  # both new-round mails went out in the same run
    row = pushes(Kind.NEW_ROUND)[0]
    assert row.status == Status.PENDING and "ReadTimeout" in row.note


def test_a_challenge_week_is_pushed_to_those_who_asked(
    push_service: PushService, host: User
) -> None:
    push_service.device(host, "aoife")
    Profile.objects.filter(user=host).update(push_challenge=True, digest_hour=8)
    make_person("Brendan")
    monday = T0.replace(day=30, hour=8, minute=0)  # 30 Nov 2026 is a Monday, 08:00 UTC
    open_week(now=monday)
    scan(now=monday)
    send_due_messages(now=monday)
    assert push_service.problems == []
    (push,) = push_service.received
    assert push.payload["kind"] == "challenge" and push.payload["url"] == "/challenge/"


def test_a_mail_server_outage_stops_mail_but_not_push(
    push_service: PushService, host: User, player: User
) -> None:
    push_service.device(host, "aoife")
    start_table(host, player)
    cache.set(OUTAGE_KEY, {"failures": 1, "until": T1 + timedelta(minutes=1)}, timeout=None)
    report = send_due_messages(now=T1)
    assert report.server_unreachable and report.sent == 1
    assert [p.device for p in push_service.received] == ["aoife"]
    mails = OutboxMessage.objects.filter(channel=Channel.MAIL)
    assert {(m.status, m.attempts) for m in mails} == {(Status.PENDING, 0)}
    cache.delete(OUTAGE_KEY)
