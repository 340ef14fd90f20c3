"""The weeks of the challenge: ISO weeks in UTC, each from Monday 00:00 to the next Monday."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

_WEEK = re.compile(r"^(\d{4})-W(\d{2})$")


def week_of(now: datetime) -> str:
    """The ISO week an instant falls in, in UTC.

    >>> week_of(datetime(2026, 12, 1, 12, tzinfo=UTC)), week_of(datetime(2027, 1, 3, tzinfo=UTC))
    ('2026-W49', '2026-W53')
    """
    iso = now.astimezone(UTC).isocalendar()
    return f"{iso.year}-W{iso.week:02d}"


def window(week: str) -> tuple[datetime, datetime]:
    """When a week's challenge opens (Monday 00:00 UTC) and closes (the next Monday 00:00 UTC).

    >>> [d.isoformat() for d in window("2026-W49")]
    ['2026-11-30T00:00:00+00:00', '2026-12-07T00:00:00+00:00']
    >>> window("2026-W99")
    Traceback (most recent call last):
    ...
    ValueError: There is no week 2026-W99.
    """
    match = _WEEK.match(week)
    try:
        if match is None:
            raise ValueError
        monday = datetime.fromisocalendar(int(match[1]), int(match[2]), 1)
    except ValueError:
        raise ValueError(f"There is no week {week}.") from None
    starts = monday.replace(tzinfo=UTC)
    return starts, starts + timedelta(days=7)
