"""A rank reads as people say it ("2nd", not "2"), and a challenge entry's rank is the week's:
"Your games" tells the 5th of 5 they placed 5th of 5 so far, not 1st of their one-seat entry.
A solo entry shows only the entrant's own area of the wheel."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from games.models import Game, GameStatus, GameVariant, Seat, SeatKind
from games.models.challenge import Challenge
from tests.challenge.weeks import NEXT_MONDAY, TUESDAY, entry_of
from tests.conftest import make_person
from tests.games.conftest import started  # noqa: F401  (Aoife and Brendan's table in round 1)
from tests.games.playing import play_round

MINE = "/games/mine/"


@pytest.fixture
def on_tuesday() -> Iterator[None]:
    with time_machine.travel(TUESDAY, tick=False):
        yield


def better_entries(challenge: Challenge, than: int, count: int) -> None:
    """``count`` other people's finished entries of the week, each ahead of ``than`` points."""
    for i in range(count):
        person = make_person(f"Rival{i}")
        game = Game.objects.create(
            host=person, status=GameStatus.FINISHED, seats_wanted=1, rated=False,
            variant=GameVariant.DUPLICATE, challenge=challenge, seed=challenge.seed,
        )  # fmt: skip
        Seat.objects.create(
            game=game, position=0, user=person, kind=SeatKind.PERSON, rank=1,
            score={"total": than + 10 + i},
        )  # fmt: skip


def finished_entry(user: User) -> Game:
    entry = entry_of(user, 13, chooser=1)
    assert entry.status == GameStatus.FINISHED
    return entry


def total_of(entry: Game) -> int:
    seat = entry.seats.get()
    assert seat.score is not None
    return int(seat.score["total"])


def text(html: str) -> str:
    return " ".join(html.split())


def test_your_games_gives_the_weeks_rank_of_a_challenge_entry(
    client: Client, host: User, on_tuesday: None
) -> None:
    entry = finished_entry(host)
    assert entry.challenge is not None
    better_entries(entry.challenge, total_of(entry), 4)
    client.force_login(host)
    page = text(client.get(MINE).content.decode())
    assert f"You placed 5th of 5 so far with {total_of(entry)} points" in page
    assert "You placed 1" not in page


def test_once_the_week_is_scored_the_rank_is_final(
    client: Client, host: User, on_tuesday: None
) -> None:
    entry = finished_entry(host)
    assert entry.challenge is not None
    better_entries(entry.challenge, total_of(entry), 1)
    Challenge.objects.filter(pk=entry.challenge.pk).update(scored_at=NEXT_MONDAY)
    client.force_login(host)
    page = text(client.get(MINE).content.decode())
    assert f"You placed 2nd of 2 with {total_of(entry)} points" in page


def test_your_games_gives_a_tables_rank_as_an_ordinal(
    client: Client,
    host: User,
    player: User,
    started: Game,  # noqa: F811
) -> None:
    game, rng = started, random.Random(11)
    while game.status == GameStatus.PLAYING:
        game = play_round(game, rng)
    second = game.seats.get(rank=2)
    assert second.user is not None
    client.force_login(second.user)
    assert "You placed 2nd of 2 with" in text(client.get(MINE).content.decode())


def test_the_challenge_page_gives_the_rank_as_an_ordinal_so_far(
    client: Client, host: User, on_tuesday: None
) -> None:
    entry = finished_entry(host)
    assert entry.challenge is not None
    better_entries(entry.challenge, total_of(entry), 2)
    client.force_login(host)
    page = text(client.get("/challenge/").content.decode())
    assert "<strong>3rd of 3 so far</strong>, better than 0% of the others" in page


def test_a_solo_entry_shows_only_its_own_area_of_the_wheel(
    client: Client, host: User, on_tuesday: None
) -> None:
    entry = entry_of(host, 0, chooser=1)
    client.force_login(host)
    html = client.get(f"/games/{entry.pk}/").content.decode()
    assert html.count('<li class="wheel-area') == 1
    assert "Your tiles" in html and "Free this round" not in html


def test_your_games_ranks_its_challenge_entries_in_one_query(
    client: Client, host: User, on_tuesday: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    entry = finished_entry(host)
    assert entry.challenge is not None
    better_entries(entry.challenge, total_of(entry), 2)
    client.force_login(host)
    # session, user, pending invitations, active seats, finished seats with their games, weeks
    # and players counted, the totals of those weeks' entries, tables waiting (the header)
    with django_assert_num_queries(7):
        client.get(MINE)
