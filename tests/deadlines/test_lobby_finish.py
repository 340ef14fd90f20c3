"""The lobby tells when each open table would end at the latest, from its time per round."""

from __future__ import annotations

import time_machine
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import RoundTime
from tests.factories import UserFactory


def test_each_open_table_shows_its_expected_finish_date(
    clock: time_machine.Coordinates, host: User, client: Client
) -> None:
    # 12 rounds and the towers step of a day each, from Monday 2 March 09:00 UTC.
    services.create_game(
        host, seats_wanted=4, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    # 10 rounds (5 players) and the towers step of a week each.
    services.create_game(
        host, seats_wanted=5, round_minutes=RoundTime.ONE_WEEK, is_open=True, rated=True
    )
    client.force_login(UserFactory.create(username="Ciara"))
    page = client.get("/games/").content.decode()
    assert 'Expected to finish by <time datetime="2026-03-15T09:00:00Z">Sun 15 Mar 2026' in page
    assert "Mon 18 May 2026" in page


def test_the_finish_date_is_given_in_the_viewers_time_zone(
    clock: time_machine.Coordinates, host: User, client: Client
) -> None:
    clock.shift(17 * 3600)  # 13 rounds of 12 hours end Monday 9 March, 14:00 UTC
    services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.HALF_DAY, is_open=True, rated=True
    )
    kiwi = UserFactory.create(username="Kiri", profile__time_zone="Pacific/Auckland")
    client.force_login(kiwi)
    page = client.get("/games/").content.decode()
    assert "Tue 10 Mar 2026" in page and "Mon 9 Mar 2026" not in page  # 03:00 in Auckland
