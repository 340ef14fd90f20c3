"""Unread table talk: "Your games" counts the messages each person has not seen yet."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Game
from games.models.chat import Mute
from games.services.chat import post_message, set_hidden


def _card(html: str, game: Game) -> str:
    start = html.index(f'href="/games/{game.pk}/"')
    return html[start : html.index("</li>", start)]


def test_your_games_counts_new_messages_until_the_table_is_seen(
    client: Client, host: User, player: User, started: Game
) -> None:
    post_message(started.pk, player, "first")
    post_message(started.pk, player, "second")
    post_message(started.pk, host, "my own never counts")
    client.force_login(host)
    assert "2 new messages" in _card(client.get("/games/mine/").content.decode(), started)
    client.get(f"/games/{started.pk}/")  # the page shows them
    assert "new message" not in _card(client.get("/games/mine/").content.decode(), started)
    post_message(started.pk, player, "third")
    assert "1 new message<" in _card(client.get("/games/mine/").content.decode(), started)


def test_hidden_and_muted_messages_are_not_counted(
    client: Client, host: User, player: User, outsider: User, forming: Game
) -> None:
    services.join_game(forming.pk, player)
    services.join_game(forming.pk, outsider)  # the table starts
    rude = post_message(forming.pk, player, "rude")
    post_message(forming.pk, outsider, "kind")
    set_hidden([rude.pk], True)
    client.force_login(host)
    assert "1 new message<" in _card(client.get("/games/mine/").content.decode(), forming)
    Mute.objects.create(user=host, muted=outsider)
    assert "new message" not in _card(client.get("/games/mine/").content.decode(), forming)
