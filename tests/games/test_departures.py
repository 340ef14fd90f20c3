"""A person who deletes their account: no table waits for them, none is left without a host."""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

import engine
from accounts.services import delete_account
from games import services
from games.engine_bridge import load_state
from games.models import Action, ActionSource, Game, GameStatus, Seat
from games.models.outbox import Kind, OutboxMessage
from games.notifications.scan import scan
from games.notifications.send import send_due_messages
from tests.conftest import make_person
from tests.deadlines.conftest import CaptureOnCommit
from tests.factories import PASSWORD
from tests.games.playing import finish_turns


def _former_seat(game: Game) -> Seat:
    return Seat.objects.get(game=game, position=1)


def test_it_makes_the_seat_absent_at_once_and_the_autopilot_plays_the_waiting_turn(
    client: Client, player: User, started: Game,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("accounts:delete"), {"password": PASSWORD})
    assert response.status_code == 302
    game = Game.objects.get(pk=started.pk)
    seat = _former_seat(game)
    assert seat.user is None and seat.absent and seat.name == "former player"
    # Round 1 was played for the former player straight away, not at its deadline.
    assert game.round == 1 and game.status == GameStatus.PLAYING
    assert Action.objects.filter(game=game, round=1, seat=1, source=ActionSource.AUTOPILOT)
    assert engine.pending(load_state(game), 1).kind is engine.PendingKind.NONE
    assert not seat.to_play
    assert game.version > started.version


def test_the_table_never_waits_for_a_former_player_again(
    host: User, player: User, started: Game, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        delete_account(player)
    with django_capture_on_commit_callbacks(execute=True):
        finish_turns(Game.objects.get(pk=started.pk), random.Random(4), skip=(1,))
    game = Game.objects.get(pk=started.pk)
    # Aoife's last move ended round 1; round 2 began and was played for the former player.
    assert game.round == 2
    assert Action.objects.filter(game=game, round=2, seat=1, source=ActionSource.AUTOPILOT)
    assert list(game.seats.filter(to_play=True).values_list("position", flat=True)) == [0]


def test_a_host_who_deletes_their_account_hands_the_forming_table_on(
    forming: Game, host: User, player: User
) -> None:
    services.join_game(forming.pk, player)
    version = Game.objects.get(pk=forming.pk).version
    delete_account(host)
    game = Game.objects.get(pk=forming.pk)
    assert game.status == GameStatus.FORMING
    assert game.host == player
    assert list(game.seats.values_list("user__username", flat=True)) == ["Brendan"]
    assert game.version > version
    # The new host can start the table once someone else sits down.
    services.join_game(game.pk, make_person("Declan"))
    assert services.start_game(game.pk, player).status == GameStatus.PLAYING


def test_the_last_person_leaving_closes_the_table(forming: Game, host: User) -> None:
    delete_account(host)
    game = Game.objects.get(pk=forming.pk)
    assert game.status == GameStatus.CLOSED
    assert not game.seats.exists()


def test_it_withdraws_the_departed_persons_invitations(host: User, outsider: User) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    services.invite_player(game.pk, host, "Ciara")
    version = Game.objects.get(pk=game.pk).version
    delete_account(outsider)
    game.refresh_from_db()
    assert not game.invitations.exists()
    assert game.version == version + 1  # the host's list of invitees changed


def test_it_leaves_finished_tables_alone(host: User, player: User, started: Game) -> None:
    Game.objects.filter(pk=started.pk).update(status=GameStatus.FINISHED)
    version = Game.objects.get(pk=started.pk).version
    assert services.depart(player) == 0
    assert not _former_seat(started).absent
    assert Game.objects.get(pk=started.pk).version == version


def test_no_mail_is_ever_meant_for_a_former_player(
    host: User, player: User, started: Game, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    # A seat left by an account deleted before departures existed: not even marked absent.
    Seat.objects.filter(game=started, user=player).update(user=None)
    player.delete()
    game = Game.objects.get(pk=started.pk)
    assert game.round_deadline is not None
    late = game.round_deadline + timedelta(minutes=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.play_overdue(game.pk, now=late) == 2  # both missed; one has nobody
    assert Game.objects.get(pk=game.pk).round == 2
    autopilot = OutboxMessage.objects.filter(kind=Kind.AUTOPILOT)
    assert list(autopilot.values_list("user__username", flat=True)) == ["Aoife"]
    scan(now=late)
    send_due_messages(now=late + timedelta(hours=1))
    assert {tuple(message.to) for message in mail.outbox} <= {("aoife@example.com",)}
