"""Points per table and the tie-breaks, as the event page writes them."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from games.tournaments.points import Finish, place_points, standings


@given(st.lists(st.integers(1, 5), min_size=2, max_size=5))
def test_a_table_of_n_always_shares_out_n_points(raw: list[int]) -> None:
    totals = sorted(raw, reverse=True)
    ranks = [1 + sum(1 for t in totals if t > mine) for mine in totals]  # shared ranks
    points = place_points(ranks)
    assert sum(points) == len(ranks)  # 2 for first, 1 for each place between, 0 for last
    assert points == sorted(points, reverse=True)


def test_first_gets_two_last_nothing_and_the_places_between_one() -> None:
    assert place_points([1, 2]) == [2, 0]
    assert place_points([1, 2, 3, 4, 5]) == [2, 1, 1, 1, 0]
    assert place_points([1, 1, 1]) == [1, 1, 1]
    assert place_points([1, 2, 2]) == [2, Fraction(1, 2), Fraction(1, 2)]


def test_points_then_game_score_then_the_opponents_points_break_ties() -> None:
    entrants = [(1, 1000, "Ann"), (2, 1000, "Bob"), (3, 1000, "Cat"), (4, 1500, "Dan")]
    tables = [
        [Finish(1, 1, 80), Finish(2, 2, 70)],
        [Finish(3, 1, 80), Finish(4, 2, 60)],
        [Finish(1, 2, 50), Finish(4, 1, 90)],
        [Finish(3, 2, 50), Finish(2, 1, 60)],
    ]
    lines = standings(entrants, tables)
    # Everyone has 2 points; Ann and Cat scored 130, Bob 130 too, Dan 150.
    assert {line.points for line in lines} == {2}
    # Ann, Bob and Cat tie on points, score and opponents' points (4 each): then by name.
    assert [line.entrant for line in lines] == [4, 1, 2, 3]


def test_the_opponents_points_break_a_tie_on_points_and_score() -> None:
    entrants = [(1, 1000, "Ann"), (2, 1000, "Bob"), (3, 1000, "Cat"), (4, 1000, "Dan"),
                (5, 1000, "Eve")]  # fmt: skip
    tables = [
        [Finish(1, 1, 80), Finish(2, 2, 70)],
        [Finish(3, 1, 80), Finish(4, 2, 70)],
        [Finish(4, 1, 50), Finish(5, 2, 40)],
    ]
    lines = standings(entrants, tables)
    assert [line.entrant for line in lines] == [4, 3, 1, 2, 5]  # Cat met Dan (2), Ann Bob (0)
    assert [line.opponents for line in lines][1:3] == [2, 0]


def test_a_bye_is_worth_one_point_and_no_score() -> None:
    (line,) = standings([(1, 1000, "Ann")], [], byes=[1])
    assert (line.points, line.score, line.byes) == (1, 0, 1)
