"""The stream of a person's "Your games": it says when their list (or the header's count of
tables waiting) changed, from the stream process on the test database."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game, RoundTime
from games.page.live import mine_token
from games.services.chat import post_message
from tests.fixtures.streams import EventReader, StreamServer
from tests.games.playing import finish_turns, table_of

pytestmark = pytest.mark.timeout(60)


def _reader(server: StreamServer, user: User) -> EventReader:
    client = Client()
    client.force_login(user)
    token = mine_token(user.pk).token
    return EventReader(server.port, f"/games/events/?t={token}", client.cookies["sessionid"].value)


def test_it_says_when_a_table_waits_for_the_person_or_an_invitation_comes(
    stream_server: StreamServer, host: User, player: User, outsider: User
) -> None:
    game = table_of(host, player)
    finish_turns(game, random.Random(2), skip=(1,))  # the host is done: only Brendan to play
    reader = _reader(stream_server, host)
    try:
        assert reader.status == 200
        # Brendan plays: the round ends and the next one waits for the host.
        finish_turns(Game.objects.get(pk=game.pk), random.Random(2), skip=(0,))
        reader.until_changed_to(str(mine_token(host.pk).token))
        # An invitation to a new table comes in.
        other = services.create_game(
            outsider, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False
        )
        services.invite_player(other.pk, outsider, host.profile.display_name)
        reader.until_changed_to(str(mine_token(host.pk).token))
    finally:
        reader.close()


def test_a_message_at_one_of_the_tables_shows_on_the_list(
    stream_server: StreamServer, host: User, player: User
) -> None:
    game = table_of(host, player)
    reader = _reader(stream_server, host)
    try:
        post_message(game.pk, player, "Hello")  # its unread count shows on "Your games"
        assert reader.until("changed")[-1].data == str(mine_token(host.pk).token)
    finally:
        reader.close()
