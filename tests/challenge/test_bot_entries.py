"""Every bot level plays each week's deal once, so a newcomer sees where "Strong" lands."""

from __future__ import annotations

import time_machine
from django.contrib.auth.models import User
from django.test import Client

from games.models import GameStatus, Seat, SeatKind
from games.models.challenge import Challenge
from games.services.bots import BOT_LEVELS
from games.tasks import open_challenge_week_task
from tests.challenge.weeks import MONDAY, TUESDAY, entry_of


def test_it_has_every_bot_level_play_the_deal_to_the_end_once(db: None) -> None:
    with time_machine.travel(MONDAY, tick=False):
        open_challenge_week_task()
        open_challenge_week_task()
    seats = Seat.objects.filter(game__challenge=Challenge.objects.get(), kind=SeatKind.BOT)
    assert sorted(seats.values_list("bot", flat=True)) == sorted(
        level for level, _label in BOT_LEVELS
    )
    assert {s.game.status for s in seats.select_related("game")} == {GameStatus.FINISHED}
    assert all(s.score is not None for s in seats)


def test_it_ranks_the_bots_beside_the_people_once_you_finish(client: Client, host: User) -> None:
    with time_machine.travel(MONDAY, tick=False):
        open_challenge_week_task()
    entry_of(host, 13, chooser=1)
    client.force_login(host)
    with time_machine.travel(TUESDAY, tick=False):
        page = client.get("/challenge/").content.decode()
    assert "Week 49 · 5 players" in page
    assert '<span class="player bot">Hard bot 1</span>' in page
    assert "of 5 so far</strong>" in page
