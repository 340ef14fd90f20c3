"""The "Play now" queue: people waiting to be seated at a table with others of their level."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy


class PlayerCount(models.TextChoices):
    """How many players a person in the queue will sit down with."""

    TWO = "2", gettext_lazy("2 players")
    THREE_TO_FIVE = "3-5", gettext_lazy("3 to 5 players")
    ANY = "any", gettext_lazy("Any number, 2 to 5")

    @property
    def sizes(self) -> range:
        """The table sizes this choice accepts.

        >>> list(PlayerCount.THREE_TO_FIVE.sizes), list(PlayerCount.ANY.sizes)
        ([3, 4, 5], [2, 3, 4, 5])
        """
        if self is PlayerCount.TWO:
            return range(2, 3)
        if self is PlayerCount.THREE_TO_FIVE:
            return range(3, 6)
        return range(2, 6)


class QueueEntry(models.Model):
    """One person waiting for a table of ``players`` at ``round_minutes`` a round, from
    ``joined_at`` until a matcher seats them (``matched_at``, ``game``) or they leave (the row
    goes). A person waits in one queue at a time."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries"
    )
    players = models.CharField(max_length=3, choices=PlayerCount.choices)
    # One of games.models.table.RoundTime (checked by the service that writes the row).
    round_minutes = models.PositiveSmallIntegerField()
    # The person's skill estimate (OpenSkill mu) in the rating pool of the tables asked for,
    # as they joined: the matcher pairs people whose skills lie within a band of each other.
    skill = models.FloatField()
    # Seconds after joining when bots of the person's level fill the empty seats (None: never).
    bots_after = models.PositiveIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField()
    matched_at = models.DateTimeField(null=True, blank=True)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(matched_at__isnull=True), name="one_wait_per_person"
            ),
        ]
        indexes = [
            models.Index(
                fields=["round_minutes", "joined_at"],
                condition=Q(matched_at__isnull=True),
                name="queue_waiting",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} waiting for {self.players} at {self.round_minutes} min"

    @property
    def sizes(self) -> range:
        return PlayerCount(self.players).sizes
