"""Who sits down with whom: the band of levels widens with the wait, counts must share a table
size, blocks are honoured, and bots fill the seats once the wait a person chose is over."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from games.models import PlayerCount, QueueEntry
from games.services.matchmaking import BAND_START, BAND_WIDENS_PER_SECOND, Table, band, plan

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def _waiting(
    user_id: int, skill: float = 25.0, *, players: str = PlayerCount.ANY, joined: int = 0,
    bots_after: int | None = None,
) -> QueueEntry:  # fmt: skip
    return QueueEntry(
        user_id=user_id, players=players, round_minutes=2, skill=skill,
        joined_at=T0 + timedelta(seconds=joined), bots_after=bots_after,
    )  # fmt: skip


def _seated(tables: list[Table]) -> list[tuple[list[int], int]]:
    """Each table as (the people's ids in seat order, the number of bots)."""
    return [([entry.user_id for entry in table.entries], table.bots) for table in tables]


def test_the_band_widens_with_the_wait() -> None:
    entry = _waiting(1)
    assert band(entry, T0) == BAND_START
    assert band(entry, T0 + timedelta(seconds=10)) == BAND_START + 10 * BAND_WIDENS_PER_SECOND


def test_people_far_apart_in_level_wait_until_the_band_reaches_them() -> None:
    far = [_waiting(1, 20.0), _waiting(2, 28.0)]  # 8 apart: the band is 3 at first
    assert plan(far, T0) == []
    assert plan(far, T0 + timedelta(seconds=24)) == []  # 3 + 4.8
    assert _seated(plan(far, T0 + timedelta(seconds=25))) == [([1, 2], 0)]  # 3 + 5


def test_the_largest_table_the_people_waiting_fill_starts_at_once() -> None:
    people = [_waiting(n, 25.0 + n / 10, joined=n) for n in range(1, 5)]
    assert _seated(plan(people, T0 + timedelta(seconds=5))) == [([1, 2, 3, 4], 0)]


def test_counts_that_share_no_table_size_never_sit_together() -> None:
    people = [_waiting(1, players=PlayerCount.TWO), _waiting(2, players=PlayerCount.THREE_TO_FIVE),
              _waiting(3, players=PlayerCount.THREE_TO_FIVE, joined=1)]  # fmt: skip
    assert plan(people, T0 + timedelta(seconds=2)) == []  # two who want 3-5 are not enough
    people.append(_waiting(4, players=PlayerCount.ANY, joined=2))
    assert _seated(plan(people, T0 + timedelta(seconds=3))) == [([1, 4], 0)]


def test_people_who_blocked_each_other_are_never_seated_together() -> None:
    people = [_waiting(1), _waiting(2, joined=1), _waiting(3, joined=2)]
    assert _seated(plan(people[:2], T0 + timedelta(seconds=3), {(2, 1)})) == []
    assert _seated(plan(people, T0 + timedelta(seconds=3), {(2, 1)})) == [([1, 3], 0)]
    # Nor two who would only meet through a third.
    assert _seated(plan(people, T0 + timedelta(seconds=3), {(3, 2)})) == [([1, 2], 0)]


def test_bots_fill_the_smallest_table_once_the_chosen_wait_is_over() -> None:
    alone = [_waiting(1, players=PlayerCount.THREE_TO_FIVE, bots_after=60)]
    assert plan(alone, T0 + timedelta(seconds=59)) == []
    assert _seated(plan(alone, T0 + timedelta(seconds=60))) == [([1], 2)]


def test_someone_who_waits_for_people_only_is_never_given_bots() -> None:
    assert plan([_waiting(1, bots_after=None)], T0 + timedelta(hours=1)) == []


def test_bots_join_the_people_already_compatible() -> None:
    people = [
        _waiting(1, players=PlayerCount.THREE_TO_FIVE, bots_after=30),
        _waiting(2, players=PlayerCount.THREE_TO_FIVE, joined=10),
    ]
    assert plan(people, T0 + timedelta(seconds=29)) == []
    assert _seated(plan(people, T0 + timedelta(seconds=30))) == [([1, 2], 1)]
