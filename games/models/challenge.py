"""The weekly deal: one seed for everyone, open from Monday 00:00 UTC to the next Monday."""

from __future__ import annotations

from datetime import UTC, datetime

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext as _

from tipperary_site.dates import written


class Challenge(models.Model):
    """One week's deal. ``week`` is the ISO week, e.g. ``2026-W49``; ``scored_at`` is set when
    the week is over and every unfinished entry has been scored as it stands."""

    week = models.CharField(max_length=8, unique=True)
    seed = models.BigIntegerField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    scored_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return f"Challenge {self.week}"

    def get_absolute_url(self) -> str:
        return reverse("challenge:week", args=[self.week])

    @property
    def number(self) -> int:
        """The week's number in its ISO year (the 49 of "Week 49")."""
        return int(self.week.split("-W")[1])

    def is_over(self, now: datetime) -> bool:
        """Whether the week has ended at ``now``: from then on its entries take no move."""
        return now >= self.ends_at

    @property
    def over_message(self) -> str:
        """What a player hears who moves in an entry of a week that has ended."""
        ended = self.ends_at.astimezone(UTC)
        day = written(ended, "long_day")
        return _(
            "This week's challenge is over: week %(week)d ended on %(day)s at 00:00 UTC, and "
            "your entry counts as it stood then."
        ) % {"week": self.number, "day": day}
