"""A Swiss event of 9 entrants at tables of 3 over 3 rounds runs itself to its winner."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.models import Entrant, GameStatus, OutboxMessage, Tournament, TournamentStatus
from games.models.outbox import Kind
from games.tournaments import events
from games.tournaments.tally import standings_of, tables_of
from tests.tournaments.events import CLOSES, event_with, people, play_round, round_tables

pytestmark = pytest.mark.django_db


def test_it_seats_plays_and_ranks_nine_entrants_over_three_rounds() -> None:
    entered = people(9)
    tournament = event_with(entered)
    assert events.begin(tournament.pk, CLOSES)

    met: set[frozenset[int | None]] = set()
    for round_ in (1, 2, 3):
        tournament.refresh_from_db()
        assert (tournament.status, tournament.round) == (TournamentStatus.RUNNING, round_)
        tables = round_tables(tournament, round_)
        assert [t.seats.count() for t in tables] == [3, 3, 3]
        for table in tables:
            seated = list(table.seats.values_list("user_id", flat=True))
            pairs = {frozenset(pair) for pair in combinations(seated, 2)}
            assert not pairs & met, "two people shared a table twice"
            met |= pairs
        play_round(tournament, round_, seed=round_)

    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.status == TournamentStatus.FINISHED
    assert len(met) == 27  # each of the 9 met 6 different people
    entrants = list(tournament.entrants.all())
    played = tables_of(tournament, entrants)
    assert all(p.game.status == GameStatus.FINISHED for p in played)
    lines = standings_of(entrants, played)
    assert sum(line.points for line in lines) == 9 * 3  # 3 points shared at each of 9 tables
    keys = [(-line.points, -line.score, -line.opponents) for line in lines]
    assert keys == sorted(keys)
    places = dict(Entrant.objects.filter(tournament=tournament).values_list("pk", "place"))
    assert [places[line.entrant] for line in lines] == list(range(1, 10))
    told = OutboxMessage.objects.filter(kind=Kind.TOURNAMENT, game__tournament=tournament)
    assert told.count() == 27  # every entrant, for each of their three tables


def test_a_second_round_start_changes_nothing() -> None:
    tournament = event_with(people(6))
    assert events.begin(tournament.pk, CLOSES)
    assert not events.begin(tournament.pk, CLOSES)
    assert not events.round_over(tournament.pk, 1, CLOSES)  # its tables are still in play
    assert len(round_tables(tournament, 1)) == 2


def test_bots_fill_the_seats_left_over_when_the_host_allows_them() -> None:
    tournament = event_with(people(4), bots_fill=True)
    assert events.begin(tournament.pk, CLOSES)
    tables = round_tables(tournament, 1)
    seated = [sorted(t.seats.values_list("kind", flat=True)) for t in tables]
    assert seated == [["bot", "person", "person"]] * 2
    assert not Entrant.objects.filter(tournament=tournament).exclude(bye_rounds=[]).exists()


def test_without_bots_the_odd_one_out_sits_out_with_a_bye() -> None:
    entered = people(4)
    tournament = event_with(entered)
    assert events.begin(tournament.pk, CLOSES)
    (table,) = round_tables(tournament, 1)
    assert table.seats.count() == 3
    # All rated alike: by name in round 1, so the last by name sits out.
    assert Entrant.objects.get(tournament=tournament, bye_rounds=[1]).user == entered[-1]
