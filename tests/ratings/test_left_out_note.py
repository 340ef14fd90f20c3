"""The final page of a rated table says who the ratings left out, and why, in words."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from games.models import Action, ActionSource, Game

NOTE = "left out of the ratings for this table"


def autopilot_played(game: Game, position: int, rounds: int) -> None:
    """As if the autopilot had played the first ``rounds`` rounds of a seat, its person on
    vacation."""
    Action.objects.filter(game=game, seat=position, round__lte=rounds).update(
        source=ActionSource.VACATION
    )


def test_it_names_the_person_on_vacation_for_too_many_rounds(
    client: Client, host: User, player: User, finished: Game
) -> None:
    brendan = finished.seats.get(user=player).position
    autopilot_played(finished, brendan, 4)
    client.force_login(host)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    assert (
        '<a class="player" href="/players/Brendan/">Brendan</a> is left out of the ratings for '
        "this table: they were on vacation for more than a quarter of their rounds." in html
    )
    client.force_login(player)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    assert "You are left out of the ratings for this table" in html
    assert "you were on vacation for more than a quarter of your rounds." in html


def test_it_says_nothing_when_everyone_counts(
    client: Client, host: User, player: User, finished: Game
) -> None:
    autopilot_played(finished, 0, 3)  # a quarter exactly: still rated
    client.force_login(host)
    assert NOTE not in client.get(f"/games/{finished.pk}/").content.decode()


def test_an_unrated_table_says_nothing_of_ratings(
    client: Client, host: User, player: User, finished: Game
) -> None:
    Game.objects.filter(pk=finished.pk).update(rated=False)
    autopilot_played(finished, 0, 12)
    client.force_login(host)
    assert NOTE not in client.get(f"/games/{finished.pk}/").content.decode()
