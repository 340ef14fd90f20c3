"""Home tells moves and invitations apart: an invitation is not a table waiting for a move."""

from __future__ import annotations

import html

from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import RoundTime


def test_an_invitation_is_counted_as_an_invitation_not_a_move(
    client: Client, host: User, player: User
) -> None:
    table = services.create_game(
        host, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False
    )
    services.invite_player(table.pk, host, "Brendan")
    client.force_login(player)
    text = html.unescape(client.get("/").content.decode())
    assert "No table is waiting for your move. 1 invitation to answer." in text
    assert "(1) Tipperary" in text  # the header's count still includes it
