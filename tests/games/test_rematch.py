"""Rematch: a finished table is played again with the same people, bots and options."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game, GameStatus, Invitation, RoundTime, SeatKind
from games.models.outbox import Kind, OutboxMessage
from games.notifications.send import send_due_messages
from games.services.rematch import play_again
from tests.fixtures.smtp import Sink
from tests.games.playing import finish_turns


@pytest.fixture
def finished(host: User, player: User, outsider: User) -> Game:
    """Aoife, Brendan, Ciara and an easy bot, played to the end."""
    game = services.create_game(
        host, seats_wanted=4, round_minutes=RoundTime.TWO_DAYS, is_open=True, rated=False,
        allow_vacation=False, bots=["easy"],
    )  # fmt: skip
    services.join_game(game.pk, player)
    game = services.join_game(game.pk, outsider)
    bot = game.seats.get(kind=SeatKind.BOT).position
    rng = random.Random(5)
    while game.status == GameStatus.PLAYING:
        services.play_waiting_seats(game.pk, game.round)  # the worker's part, after commit
        game = finish_turns(game, rng, skip=(bot,))
        services.advance_complete_games()
        game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def test_it_invites_everyone_and_starts_when_all_accept(
    client: Client, host: User, player: User, outsider: User, finished: Game
) -> None:
    client.force_login(player)
    page = client.get(f"/games/{finished.pk}/").content.decode()
    assert "Play again with this table" in page
    response = client.post(f"/games/{finished.pk}/rematch/", follow=True)
    rematch = Game.objects.get(rematch_of=finished)
    assert response.redirect_chain[-1][0] == rematch.get_absolute_url()
    assert "Everyone from the table is invited" in response.content.decode()
    assert (rematch.host, rematch.status, rematch.seats_wanted) == (player, "forming", 4)
    assert (rematch.round_minutes, rematch.rated, rematch.allow_vacation) == (2880, False, False)
    assert not rematch.is_open  # its seats are kept for the table's people
    seated = [(s.user, s.kind, s.bot) for s in rematch.seats.order_by("position")]
    assert seated == [(player, SeatKind.PERSON, ""), (None, SeatKind.BOT, "easy")]
    invited = set(Invitation.objects.filter(game=rematch).values_list("invitee", flat=True))
    assert invited == {host.pk, outsider.pk}
    mails = OutboxMessage.objects.filter(game=rematch, kind=Kind.INVITATION)
    assert set(mails.values_list("user", flat=True)) == {host.pk, outsider.pk}

    client.force_login(host)
    assert "Rematch: 1 of 3 accepted" in client.get(f"/games/{finished.pk}/").content.decode()
    assert client.post(f"/games/{rematch.pk}/join/").status_code == 302
    assert "Rematch: 2 of 3 accepted" in client.get(f"/games/{finished.pk}/").content.decode()
    services.join_game(rematch.pk, outsider)
    rematch.refresh_from_db()
    assert rematch.status == GameStatus.PLAYING
    page = client.get(f"/games/{finished.pk}/").content.decode()
    assert "Rematch: in play" in page and f'href="/games/{rematch.pk}/"' in page


def test_the_host_may_start_it_with_those_who_accepted(
    host: User, player: User, outsider: User, finished: Game
) -> None:
    rematch = play_again(finished.pk, host)
    services.decline_invitation(rematch.pk, outsider)
    services.join_game(rematch.pk, player)
    rematch = services.start_game(rematch.pk, host)
    assert rematch.status == GameStatus.PLAYING
    assert rematch.seats.count() == 3


def test_asking_twice_gives_the_same_rematch(
    client: Client, host: User, player: User, finished: Game
) -> None:
    first = play_again(finished.pk, host)
    client.force_login(player)
    response = client.post(f"/games/{finished.pk}/rematch/", follow=True)
    assert response.redirect_chain[-1][0] == first.get_absolute_url()
    assert Game.objects.filter(rematch_of=finished).count() == 1
    assert Invitation.objects.filter(game=first).count() == 2


def test_a_spectator_cannot_ask_for_a_rematch(client: Client, finished: Game) -> None:
    watcher = User.objects.create_user("Declan")
    client.force_login(watcher)
    page = client.get(f"/games/{finished.pk}/").content.decode()
    assert "Play again with this table" not in page
    response = client.post(f"/games/{finished.pk}/rematch/", follow=True)
    assert "Only the players of this table can play it again." in response.content.decode()
    assert not Game.objects.filter(rematch_of=finished).exists()


def test_a_table_in_play_cannot_be_played_again(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.post(f"/games/{started.pk}/rematch/", follow=True)
    assert "A table can be played again once it is finished." in response.content.decode()
    assert not Game.objects.filter(rematch_of=started).exists()


def test_a_solo_game_against_bots_is_played_again_at_once(host: User) -> None:
    game = services.create_game(
        host, seats_wanted=2, round_minutes=1440, is_open=False, rated=False, bots=["easy"]
    )
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    rematch = play_again(game.pk, host)
    assert rematch.status == GameStatus.PLAYING and rematch.rematch_of_id == game.pk


def test_the_finished_page_with_its_rematch_costs_a_fixed_number_of_queries(
    client: Client, host: User, finished: Game, django_assert_num_queries: Any
) -> None:
    play_again(finished.pk, host)
    client.force_login(host)
    # session, user, the viewer's seat and token with the tables waiting (header count), game,
    # seats with users and profiles, the rematch with its players counted (no talk at the
    # table: no messages read)
    with django_assert_num_queries(6):
        response = client.get(f"/games/{finished.pk}/")
    assert "Rematch: 1 of 3 accepted" in response.content.decode()


def test_the_invitation_mail_says_it_is_a_rematch(
    host: User, player: User, finished: Game, smtp_sink: Sink
) -> None:
    rematch = play_again(finished.pk, host)
    send_due_messages()
    (mail,) = [
        m for m in smtp_sink.messages
        if m["To"] == "brendan@example.com" and m["Subject"] == f"Aoife invites you to {rematch}"
    ]  # fmt: skip
    assert f"It is the rematch of {finished}, with the same players." in Sink.text_of(mail)
