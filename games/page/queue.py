"""What the "Play now" page shows a person: their place in the queue, or the table they got."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import Count, Q

from games.models import Game, GameStatus, PlayerCount, QueueEntry, RoundTime

#: How long after being seated the page still sends the person to their new table.
MATCH_SHOWN_FOR = timedelta(minutes=2)


@dataclass(frozen=True)
class Waiting:
    """A person in the queue: what they asked for, since when, and who else waits."""

    entry: QueueEntry
    waiting_here: int  # everyone waiting for the same round time, the person included
    waiting_in_all: int
    now: datetime

    @property
    def players(self) -> str:
        return str(PlayerCount(self.entry.players).label)

    @property
    def speed(self) -> str:
        return str(RoundTime(self.entry.round_minutes).label)

    @property
    def waited_seconds(self) -> int:
        return max(0, int((self.now - self.entry.joined_at).total_seconds()))

    @property
    def bots_at(self) -> datetime | None:
        if self.entry.bots_after is None:
            return None
        return self.entry.joined_at + timedelta(seconds=self.entry.bots_after)


def waiting_of(user: User, now: datetime) -> Waiting | None:
    """The person's place in the queue, or None when they are not waiting. Two queries."""
    entry = QueueEntry.objects.filter(user=user, matched_at__isnull=True).first()
    if entry is None:
        return None
    counts = QueueEntry.objects.filter(matched_at__isnull=True).aggregate(
        here=Count("pk", filter=Q(round_minutes=entry.round_minutes)), everywhere=Count("pk")
    )
    return Waiting(entry, counts["here"], counts["everywhere"], now)


def table_just_matched(user: User, now: datetime) -> Game | None:
    """The table the queue seated the person at moments ago, while it is in play. One query."""
    entry = (
        QueueEntry.objects.filter(
            user=user, matched_at__gte=now - MATCH_SHOWN_FOR, game__status=GameStatus.PLAYING
        )
        .select_related("game")
        .first()
    )
    return entry.game if entry is not None else None
