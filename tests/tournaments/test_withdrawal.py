"""Someone who withdraws mid-event: the autopilot finishes their table, they sit no more."""

from __future__ import annotations

import pytest

from games.models import Action, ActionSource, Entrant, Seat, TournamentStatus
from games.services import GameError
from games.tournaments import events
from tests.tournaments.events import CLOSES, event_with, people, play_round, round_tables

pytestmark = pytest.mark.django_db


def test_a_withdrawn_entrant_is_played_to_the_end_of_that_table_only() -> None:
    entered = people(4, "W")
    tournament = event_with(entered, table_size=2, rounds=2, min_entrants=2)
    assert events.begin(tournament.pk, CLOSES)
    leaver = entered[0]
    (table,) = [g for g in round_tables(tournament, 1) if g.seats.filter(user=leaver).exists()]

    assert events.withdraw(tournament.pk, leaver, CLOSES)
    seat = Seat.objects.get(game=table, user=leaver)
    assert seat.absent  # the autopilot plays it from now on
    with pytest.raises(GameError, match=r"You are not entered in Spring Swiss\."):
        events.withdraw(tournament.pk, leaver, CLOSES)
    play_round(tournament, 1, seed=3)

    own = Action.objects.filter(game=table, seat=seat.position)
    assert own.exists() and not own.exclude(source=ActionSource.AUTOPILOT).exists()
    second = round_tables(tournament, 2)
    assert len(second) == 1 and not second[0].seats.filter(user=leaver).exists()
    sat_out = Entrant.objects.get(tournament=tournament, bye_rounds=[2])
    assert sat_out.user != leaver
    play_round(tournament, 2, seed=4)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    gone = Entrant.objects.get(tournament=tournament, user=leaver)
    assert gone.withdrawn_round == 1 and gone.place is not None


def test_leaving_before_the_start_takes_the_entry_back() -> None:
    entered = people(3, "L")
    tournament = event_with(entered)
    assert not events.withdraw(tournament.pk, entered[1], CLOSES)
    assert tournament.entrants.count() == 2
