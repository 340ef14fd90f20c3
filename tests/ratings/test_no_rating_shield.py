"""Leaving the last rounds to the autopilot never protects a rating: missed deadlines are rated,
only vacation leaves a person out, and the final page says so."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from accounts.models import Profile
from games.models import Action, ActionSource, Game
from games.models.ratings import Rating, RatingChange
from games.ratings.rate import left_out, rate_game
from games.ratings.scale import START_MU
from games.services import play_waiting_seats
from tests.ratings.tables import ROUNDS, finished_table

LAST_FOUR = range(ROUNDS - 3, ROUNDS + 1)


def autopilot_played(game: Game, position: int, rounds: range, source: ActionSource) -> None:
    """As if the autopilot had played ``rounds`` of a seat, logged with ``source``."""
    Action.objects.filter(game=game, seat=position, round__in=rounds).update(source=source)


def missed_deadlines(game: Game, position: int, rounds: range) -> None:
    """The person did not play ``rounds``: the autopilot played them at each deadline."""
    autopilot_played(game, position, rounds, ActionSource.AUTOPILOT)


def away(game: Game, position: int, rounds: range) -> None:
    """The person was on vacation for ``rounds``: the autopilot played them as they began."""
    autopilot_played(game, position, rounds, ActionSource.VACATION)


def test_a_losing_player_who_leaves_the_last_rounds_to_the_autopilot_loses_rating(
    host: User, player: User
) -> None:
    game = finished_table([host, player], [70, 50])
    missed_deadlines(game, 1, LAST_FOUR)  # a third of Brendan's rounds
    assert rate_game(game.pk) == 2
    change = RatingChange.objects.get(game=game, seat__user=player)
    assert change.ordinal_after < change.ordinal_before
    assert Rating.objects.get(user=player).mu < START_MU


def test_a_player_on_vacation_for_the_last_rounds_is_left_out(host: User, player: User) -> None:
    game = finished_table([host, player], [70, 50])
    away(game, 1, LAST_FOUR)
    assert rate_game(game.pk) == 1
    assert not Rating.objects.filter(user=player).exists()
    # Aoife is still rated against Brendan's seat.
    assert Rating.objects.get(user=host).mu > START_MU


def test_a_quarter_of_the_rounds_on_vacation_is_still_rated(host: User, player: User) -> None:
    game = finished_table([host, player], [70, 50])
    away(game, 1, range(1, 4))
    assert left_out(game) == set()


def test_a_seat_absent_after_missed_deadlines_is_rated(host: User, player: User) -> None:
    # Three missed deadlines in a row make the seat absent: from then on the autopilot plays it
    # as each round begins, as it would on vacation, but logged as missed, and rated.
    game = finished_table([host, player], [70, 50])
    missed_deadlines(game, 1, range(3, ROUNDS + 1))
    assert left_out(game) == set()
    assert rate_game(game.pk) == 2


def test_the_autopilot_logs_a_turn_it_plays_for_a_person_on_vacation(
    host: User, player: User, started: Game
) -> None:
    today = timezone.localdate()
    Profile.objects.filter(user=player).update(vacation_from=today, vacation_until=today)
    assert play_waiting_seats(started.pk, started.round) == 1
    brendan = started.seats.get(user=player).position
    sources = set(
        Action.objects.filter(game=started, seat=brendan).values_list("source", flat=True)
    )
    assert sources == {ActionSource.VACATION}


def test_a_table_without_vacation_leaves_nobody_out(host: User, player: User) -> None:
    game = finished_table([host, player], [70, 50])
    Game.objects.filter(pk=game.pk).update(allow_vacation=False)
    game.refresh_from_db()
    away(game, 1, LAST_FOUR)
    assert left_out(game) == set()


def last_four(game: Game) -> range:
    return range(game.round - 3, game.round + 1)


def test_the_final_page_says_missed_deadlines_are_rated(
    client: Client, host: User, player: User, finished: Game
) -> None:
    brendan = finished.seats.get(user=player).position
    missed_deadlines(finished, brendan, last_four(finished))
    client.force_login(player)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    assert "left out of the ratings for this table" not in html
    assert (
        "This table counts for the ratings, rounds the autopilot played after a missed deadline "
        "included: only a player on vacation for more than a quarter of their rounds is left out."
    ) in html


def test_the_final_page_says_who_vacation_left_out(
    client: Client, host: User, player: User, finished: Game
) -> None:
    brendan = finished.seats.get(user=player).position
    away(finished, brendan, last_four(finished))
    client.force_login(host)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    assert (
        '<a class="player" href="/players/Brendan/">Brendan</a> is left out of the ratings for '
        "this table: they were on vacation for more than a quarter of their rounds."
    ) in html
