"""A lost round-start message is caught by the minute sweep; two workers starting the same
round at once seat each table once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Game, Tournament, TournamentStatus
from games.tournaments import events
from tests.fixtures.at_once import at_once
from tests.tournaments.events import CLOSES, event_with, people, play_round, round_tables


@pytest.mark.django_db
def test_the_sweep_seats_a_round_whose_message_was_lost() -> None:
    tournament = event_with(people(4, "S"), table_size=2, rounds=2, min_entrants=2)
    assert events.keep_tournaments(CLOSES - timedelta(minutes=1)) == events.Kept(0, 0)
    assert events.keep_tournaments(CLOSES) == events.Kept(begun=1)
    play_round(tournament, 1, seed=8, lose_messages=True)
    assert not round_tables(tournament, 2)  # every table is over; nobody said so

    assert events.keep_tournaments(CLOSES) == events.Kept(moved_on=1)
    assert len(round_tables(tournament, 2)) == 2
    assert events.keep_tournaments(CLOSES) == events.Kept()  # nothing left to do
    assert len(round_tables(tournament, 2)) == 2


@pytest.mark.django_db
def test_an_event_short_of_entrants_is_cancelled_when_sign_up_closes() -> None:
    tournament = event_with(people(2, "C"))  # at least 3 wanted
    assert events.keep_tournaments(CLOSES) == events.Kept(begun=1)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    assert not Game.objects.filter(tournament=tournament).exists()


@pytest.mark.django_db(transaction=True)
def test_two_workers_starting_the_same_round_at_once_seat_each_table_once() -> None:
    tournament = event_with(people(9, "A"))
    outcomes = at_once([lambda: events.begin(tournament.pk, CLOSES)] * 2)
    assert not outcomes.raised
    assert sorted(outcomes.returned) == [False, True]
    assert Game.objects.filter(tournament=tournament).count() == 3
    assert Tournament.objects.get(pk=tournament.pk).round == 1
    again = at_once([lambda: events.keep_tournaments(CLOSES)] * 2)
    assert not again.raised and again.returned == [events.Kept(), events.Kept()]
    assert Game.objects.filter(tournament=tournament).count() == 3
