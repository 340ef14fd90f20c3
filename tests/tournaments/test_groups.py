"""Groups then a final: the groups play their tables, the winners meet at the final table."""

from __future__ import annotations

import pytest

from games.models import Entrant, TournamentFormat, TournamentStatus
from games.tournaments import events
from tests.tournaments.events import CLOSES, event_with, people, play_round, round_tables

pytestmark = pytest.mark.django_db


def test_the_group_winners_play_the_final_and_its_winner_wins() -> None:
    entered = people(4, "G")
    tournament = event_with(
        entered, name="Winter Cup", format=TournamentFormat.GROUPS, table_size=2,
        min_entrants=3, max_entrants=4,
    )  # fmt: skip
    assert events.begin(tournament.pk, CLOSES)
    groups = round_tables(tournament, 1)
    assert [g.seats.count() for g in groups] == [2, 2]
    # By rating (all new: by name), snake-wise: G01 and G04 in one group, G02 and G03 the other.
    assert [sorted(g.seats.values_list("user__username", flat=True)) for g in groups] == [
        ["G01", "G04"], ["G02", "G03"],
    ]  # fmt: skip
    play_round(tournament, 1, seed=5)

    winners = {next(s.user_id for s in g.seats.all() if s.rank == 1) for g in groups}
    (final,) = round_tables(tournament, 2)
    assert {s.user_id for s in final.seats.all()} == winners
    play_round(tournament, 2, seed=6)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    champion = next(s.user_id for s in final.seats.all() if s.rank == 1)
    placed = Entrant.objects.filter(tournament=tournament).order_by("place")
    assert placed[0].user_id == champion
    assert [e.place for e in placed] == [1, 2, 3, 4]
    assert {e.user_id for e in placed[:2]} == winners
