"""A person's rating in each pool, and the change each finished rated table made to it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class RatingPool(models.TextChoices):
    """Two-player tables and tables of three to five are different games: rated apart."""

    TWO = "two", gettext_lazy("2 players")
    MULTI = "multi", gettext_lazy("3–5 players")


class Rating(models.Model):
    """A person's OpenSkill numbers in one pool. ``ordinal`` (``mu - 3 * sigma``) is kept
    beside them so the leaderboard is read in its order from an index."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    pool = models.CharField(max_length=5, choices=RatingPool.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "pool"], name="one_rating_per_pool"),
        ]
        indexes = [models.Index(fields=["pool", "-ordinal"], name="rating_pool_ordinal")]

    def __str__(self) -> str:
        return f"{self.user} {self.pool}: {self.ordinal:.2f}"


class RatingChange(models.Model):
    """What one finished table did to one seat's rating. At most one per seat: a second
    delivery of the same rating task finds it there and changes nothing."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="rating_changes")
    pool = models.CharField(max_length=5, choices=RatingPool.choices)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_rating_change_per_seat"),
        ]

    def __str__(self) -> str:
        return (
            f"{self.game} seat {self.seat_id}: {self.ordinal_before:.2f} → {self.ordinal_after:.2f}"
        )
