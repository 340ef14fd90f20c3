"""A person's tutorial: the guided first game they are playing (or played last)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Tutorial(models.Model):
    """The person's latest tutorial table (its progress is the table's own round) and how many
    times they have started one."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorial"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    plays = models.PositiveSmallIntegerField(default=1)
    started_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Tutorial of {self.user_id}: table {self.game_id}"
