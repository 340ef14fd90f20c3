"""Forming tables through the services: create, join, leave, invite, start."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Game, GameStatus, RoundTime
from tests.conftest import make_person


def test_it_seats_the_host_at_a_new_table(host: User) -> None:
    game = services.create_game(
        host, seats_wanted=4, round_minutes=RoundTime.TWO_DAYS, is_open=True, rated=False
    )
    assert game.status == GameStatus.FORMING
    assert list(game.seats.values_list("user__username", "position")) == [("Aoife", 0)]


@pytest.mark.parametrize("seats", [1, 6])
def test_it_refuses_tables_of_the_wrong_size(host: User, seats: int) -> None:
    with pytest.raises(services.GameError, match="2 to 5 seats"):
        services.create_game(host, seats_wanted=seats, round_minutes=1440, is_open=True, rated=True)
    assert not Game.objects.exists()


def test_it_lets_a_player_join_an_open_table(forming: Game, player: User) -> None:
    game = services.join_game(forming.pk, player)
    assert game.seats.count() == 2
    assert game.version == forming.version + 1
    assert game.status == GameStatus.FORMING


def test_it_refuses_a_second_seat_for_the_same_person(forming: Game, player: User) -> None:
    services.join_game(forming.pk, player)
    with pytest.raises(services.GameError, match="already have a seat"):
        services.join_game(forming.pk, player)
    assert forming.seats.count() == 2


def test_it_starts_by_itself_when_the_last_seat_is_taken(forming: Game, player: User) -> None:
    services.join_game(forming.pk, player)
    game = services.join_game(forming.pk, make_person("Declan"))
    assert game.status == GameStatus.PLAYING
    assert game.round == 1
    assert game.state is not None and game.state["players"] == 3
    assert game.round_deadline is not None and game.round_started_at is not None
    assert game.round_deadline - game.round_started_at == game.round_length
    assert set(game.seats.values_list("to_play", flat=True)) == {True}


def test_it_refuses_to_join_a_full_or_started_table(started: Game, outsider: User) -> None:
    with pytest.raises(services.GameError, match="no longer taking players"):
        services.join_game(started.pk, outsider)


def test_it_keeps_invite_only_tables_closed_to_strangers(host: User, outsider: User) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    with pytest.raises(services.NotAllowed, match="by invitation only"):
        services.join_game(game.pk, outsider)
    assert game.seats.count() == 1


def test_it_admits_a_person_invited_by_display_name(host: User, outsider: User) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    services.invite_player(game.pk, host, " ciara ")
    services.join_game(game.pk, outsider)
    assert game.seats.filter(user=outsider).exists()


def test_it_refuses_to_invite_an_unknown_name(forming: Game, host: User) -> None:
    with pytest.raises(services.GameError, match="no player called “Nobody”"):
        services.invite_player(forming.pk, host, "Nobody")


def test_only_the_host_invites(forming: Game, player: User) -> None:
    with pytest.raises(services.NotAllowed):
        services.invite_player(forming.pk, player, "Ciara")


def test_it_admits_a_person_with_the_invite_link_until_it_is_withdrawn(
    host: User, player: User, outsider: User
) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    token = services.invite_token(game)
    assert services.game_for_invite(token) == game
    services.join_game(game.pk, player, token=token)

    services.revoke_invite_link(game.pk, host)
    with pytest.raises(services.NotAllowed, match="by invitation only"):
        services.join_game(game.pk, outsider, token=token)
    with pytest.raises(services.GameError, match="withdrawn"):
        services.game_for_invite(token)
    with pytest.raises(services.GameError, match="not valid"):
        services.game_for_invite(token + "x")
    assert game.seats.count() == 2


def test_the_host_starts_with_two_players(forming: Game, host: User, player: User) -> None:
    with pytest.raises(services.GameError, match="at least 2 players"):
        services.start_game(forming.pk, host)
    services.join_game(forming.pk, player)
    with pytest.raises(services.NotAllowed, match="Only the host"):
        services.start_game(forming.pk, player)
    game = services.start_game(forming.pk, host)
    assert game.status == GameStatus.PLAYING
    assert game.state is not None and game.state["players"] == 2


def test_leaving_passes_the_host_role_and_an_empty_table_closes(
    forming: Game, host: User, player: User
) -> None:
    services.join_game(forming.pk, player)
    game = services.leave_game(forming.pk, host)
    assert game.host == player
    game = services.leave_game(forming.pk, player)
    assert game.status == GameStatus.CLOSED


def test_seats_are_renumbered_at_the_start(forming: Game, host: User, player: User) -> None:
    third = make_person("Declan")
    services.join_game(forming.pk, player)
    services.leave_game(forming.pk, host)
    services.join_game(forming.pk, third)
    game = services.start_game(forming.pk, player)
    assert list(game.seats.values_list("position", flat=True)) == [0, 1]


def test_leaving_a_started_table_is_refused(started: Game, host: User) -> None:
    with pytest.raises(services.GameError, match="before it starts"):
        services.leave_game(started.pk, host)


def test_inviting_withdrawing_and_declining_each_show_to_every_viewer(
    host: User, outsider: User
) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    versions = [game.version]
    invitation = services.invite_player(game.pk, host, "Ciara")
    versions.append(Game.objects.get(pk=game.pk).version)
    services.withdraw_invitation(game.pk, host, invitation.pk)
    versions.append(Game.objects.get(pk=game.pk).version)
    services.invite_player(game.pk, host, "Ciara")
    services.decline_invitation(game.pk, outsider)
    versions.append(Game.objects.get(pk=game.pk).version)
    assert versions == sorted(set(versions))  # each step rose
    assert not game.invitations.exists()


def test_a_withdrawn_invitation_no_longer_admits_the_person(host: User, outsider: User) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    invitation = services.invite_player(game.pk, host, "Ciara")
    withdrawn = services.withdraw_invitation(game.pk, host, invitation.pk)
    assert withdrawn.invitee == outsider
    with pytest.raises(services.NotAllowed, match="by invitation only"):
        services.join_game(game.pk, outsider)
    assert game.seats.count() == 1


def test_only_the_host_withdraws_an_invitation(
    forming: Game, host: User, player: User, outsider: User
) -> None:
    services.join_game(forming.pk, player)
    invitation = services.invite_player(forming.pk, host, "Ciara")
    version = Game.objects.get(pk=forming.pk).version
    with pytest.raises(services.NotAllowed, match="Only the host"):
        services.withdraw_invitation(forming.pk, player, invitation.pk)
    with pytest.raises(services.GameError, match="no such invitation"):
        services.withdraw_invitation(forming.pk, host, invitation.pk + 1)
    assert forming.invitations.filter(invitee=outsider).exists()
    assert Game.objects.get(pk=forming.pk).version == version


def test_declining_needs_an_invitation(forming: Game, player: User) -> None:
    with pytest.raises(services.GameError, match="no invitation to this table"):
        services.decline_invitation(forming.pk, player)
    with pytest.raises(services.GameError, match="no such table"):
        services.decline_invitation(forming.pk + 1000, player)


def test_joining_answers_the_invitation(forming: Game, host: User, outsider: User) -> None:
    services.invite_player(forming.pk, host, "Ciara")
    assert list(services.pending_invitations(outsider)) == list(forming.invitations.all())
    services.join_game(forming.pk, outsider)
    assert not forming.invitations.exists()
    assert not services.pending_invitations(outsider).exists()


def test_invitations_to_tables_that_started_or_closed_are_no_longer_pending(
    host: User, player: User, outsider: User
) -> None:
    started = services.create_game(
        host, seats_wanted=2, round_minutes=1440, is_open=True, rated=True
    )
    services.invite_player(started.pk, host, "Ciara")
    services.join_game(started.pk, player)  # the last seat: the game starts
    closed = services.create_game(
        host, seats_wanted=3, round_minutes=1440, is_open=True, rated=True
    )
    services.invite_player(closed.pk, host, "Ciara")
    services.leave_game(closed.pk, host)
    assert not services.pending_invitations(outsider).exists()
    with pytest.raises(services.GameError, match="no longer taking players"):
        services.join_game(closed.pk, outsider)
