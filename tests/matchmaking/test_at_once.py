"""People who join "Play now" at the same moment, each join running the matcher as it commits,
and several matchers at once: everyone is seated at one table at most, never two."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import PlayerCount, QueueEntry, RoundTime, Seat
from games.services import matchmaking
from tests.conftest import make_person
from tests.fixtures.at_once import at_once

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Aoife", "Brendan", "Ciara", "Deirdre", "Eamon")


def _people(count: int) -> list[User]:
    return [make_person(name) for name in NAMES[:count]]


def _join(person: User, players: str) -> None:
    matchmaking.join_queue(
        person, players=players, round_minutes=RoundTime.THREE_MINUTES, bots_after=None
    )


def _check_nobody_twice(people: list[User]) -> int:
    """Each person is seated once or still waiting, never both, never twice; each table is
    full of people from the queue. Returns how many still wait."""
    seats = Counter(Seat.objects.filter(user__in=people).values_list("user", flat=True))
    assert all(count == 1 for count in seats.values()), seats
    waiting = set(QueueEntry.objects.filter(matched_at__isnull=True).values_list("user", flat=True))
    assert not waiting & set(seats)
    assert set(seats) | waiting == {person.pk for person in people}
    for entry in QueueEntry.objects.filter(matched_at__isnull=False).select_related("game"):
        assert entry.game is not None
        assert entry.game.seats.count() == entry.game.seats_wanted
        assert Seat.objects.get(game=entry.game, user=entry.user_id)
    return len(waiting)


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_people_joining_at_the_same_moment_are_each_seated_once(count: int) -> None:
    people = _people(count)
    outcomes = at_once([partial(_join, person, PlayerCount.ANY) for person in people])
    assert not outcomes.raised
    matchmaking.match_all()  # the sweep beat sends every few seconds
    # One person alone can never be seated (nobody to play with, no bots asked for).
    assert _check_nobody_twice(people) <= 1


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_matchers_running_at_once_never_take_the_same_person(count: int) -> None:
    people = _people(count)
    now = timezone.now()
    for person in people:  # waiting already: only the matchers race here
        QueueEntry.objects.create(
            user=person, players=PlayerCount.TWO, round_minutes=RoundTime.THREE_MINUTES,
            skill=25.0, joined_at=now,
        )  # fmt: skip
    outcomes = at_once([matchmaking.match_all for _ in range(3)])
    assert not outcomes.raised
    assert sum(outcomes.returned) <= count // 2
    matchmaking.match_all()
    assert _check_nobody_twice(people) == count % 2  # pairs, and one left when odd
