"""Every ``<time datetime>`` a page prints is a valid HTML date and time (no microseconds)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from django.contrib.auth.models import User
from django.test import Client

from accounts.templatetags.local_time import iso
from games import services
from games.models import Game, GameStatus, RoundTime, Seat

#: A moment with microseconds, as the database hands them back.
FINE = datetime(2026, 11, 1, 12, 30, 15, 123456, tzinfo=UTC)
#: HTML's "valid global date and time string": at most three digits of a fraction.
VALID = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})")


def _datetimes(html: str) -> list[str]:
    return re.findall(r'datetime="([^"]*)"', html)


def test_a_moment_is_written_to_the_second_in_utc() -> None:
    assert iso(FINE) == "2026-11-01T12:30:15Z"


def test_the_archive_and_the_player_page_print_valid_dates(
    client: Client, host: User, player: User
) -> None:
    game = Game.objects.create(
        host=host, status=GameStatus.FINISHED, is_open=True, seats_wanted=2,
        round_minutes=RoundTime.ONE_DAY, round=12, finished_at=FINE,
    )  # fmt: skip
    for position, user in enumerate([host, player]):
        Seat.objects.create(
            game=game, position=position, user=user, rank=position + 1, score={"total": 40}
        )
    client.force_login(host)
    for url in ("/games/finished/", "/players/aoife/"):
        found = _datetimes(client.get(url).content.decode())
        assert found, url
        assert all(VALID.fullmatch(value) for value in found), (url, found)


def test_the_lobby_and_a_table_in_play_print_valid_dates(
    client: Client, host: User, player: User
) -> None:
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    services.create_game(player, seats_wanted=3, round_minutes=1440, is_open=True, rated=False)
    services.join_game(game.pk, player, now=FINE)
    client.force_login(host)
    for url in ("/games/", f"/games/{game.pk}/"):
        found = _datetimes(client.get(url).content.decode())
        assert found, url
        assert all(VALID.fullmatch(value) for value in found), (url, found)
