"""The duplicate rating, kept apart from table ratings: a person's mean percentile over the
last weeks that have been scored (an entry of each week they played counts)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User

from accounts.models import Profile
from games.challenge.results import Percentiles
from games.models import Seat
from games.models.challenge import Challenge

WEEKS = 8
TOP = 50


@dataclass(frozen=True)
class Standing:
    """A person's duplicate rating: their mean percentile over ``weeks`` entries."""

    rank: int
    profile: Profile
    mean: int
    weeks: int
    me: bool


def standings(viewer: User | AnonymousUser) -> list[Standing]:
    """Everyone with an entry in the last scored weeks, best mean percentile first; one
    query (the scored entries of those weeks)."""
    weeks = (Challenge.objects.filter(scored_at__isnull=False).order_by("-starts_at").values("pk"))[
        :WEEKS
    ]
    rows = Seat.objects.filter(game__challenge__in=weeks, score__isnull=False).values_list(
        "game__challenge_id", "user_id", "user__is_active", "user__profile__display_name", "score"
    )
    totals: dict[int, list[int]] = defaultdict(list)
    entries = []
    for week, user_id, active, name, score in rows:
        total = int((score or {}).get("total", 0))
        totals[week].append(total)  # bots' entries count in every percentile
        if user_id is not None and active:
            entries.append((week, user_id, name, total))
    week_percentiles = {week: Percentiles(week_totals) for week, week_totals in totals.items()}
    per_person: dict[tuple[int, str], list[int]] = defaultdict(list)
    for week, user_id, name, total in entries:
        per_person[(user_id, name)].append(week_percentiles[week].of(total))
    ranked = sorted(
        ((round(sum(p) / len(p)), len(p), key) for key, p in per_person.items()),
        key=lambda row: (-row[0], -row[1], row[2][1]),
    )
    out = []
    rank, previous = 0, None
    for index, (mean, count, (user_id, name)) in enumerate(ranked, start=1):
        if mean != previous:
            rank, previous = index, mean
        profile = Profile(user_id=user_id, display_name=name)
        out.append(Standing(rank, profile, mean, count, user_id == viewer.pk))
    return out


def standing_of(user: User) -> Standing | None:
    """One person's duplicate rating, if they have played a scored week lately."""
    return next((s for s in standings(user) if s.me), None)
