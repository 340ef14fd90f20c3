"""Whatever the queue, the plan seats each person at most once, at a table of a size every one
of them accepts, next to people within the band and never next to someone blocked; bots only
once a person's chosen wait is over."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import PlayerCount, QueueEntry
from games.services.matchmaking import BOT_WAITS, band, plan

NOW = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)

waiter = st.tuples(
    st.sampled_from(list(PlayerCount)),
    st.floats(min_value=10, max_value=40),
    st.integers(min_value=0, max_value=400),  # seconds waited
    st.sampled_from(BOT_WAITS),
)


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(
    people=st.lists(waiter, max_size=14),
    blocks=st.sets(
        st.tuples(st.integers(1, 14), st.integers(1, 14)).filter(lambda pair: pair[0] != pair[1]),
        max_size=6,
    ),
)
def test_every_plan_keeps_the_rules_of_the_queue(
    people: list[tuple[PlayerCount, float, int, int | None]], blocks: set[tuple[int, int]]
) -> None:
    waiting = sorted(
        (
            QueueEntry(
                user_id=n,
                players=count,
                round_minutes=2,
                skill=skill,
                joined_at=NOW - timedelta(seconds=waited),
                bots_after=bots_after,
            )
            for n, (count, skill, waited, bots_after) in enumerate(people, start=1)
        ),
        key=lambda entry: (entry.joined_at, entry.user_id),
    )
    tables = plan(waiting, NOW, blocks)

    seated = [entry.user_id for table in tables for entry in table.entries]
    assert len(seated) == len(set(seated))  # nobody twice
    for table in tables:
        size = len(table.entries) + table.bots
        assert all(size in entry.sizes for entry in table.entries)
        first = table.entries[0]
        if table.bots:  # bots only for someone whose wait for them is over
            assert first.bots_after is not None
            assert NOW - first.joined_at >= timedelta(seconds=first.bots_after)
        for entry in table.entries[1:]:
            assert abs(entry.skill - first.skill) <= max(band(first, NOW), band(entry, NOW))
        ids = {entry.user_id for entry in table.entries}
        assert not any(a in ids and b in ids for a, b in blocks)
