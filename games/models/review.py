"""The expert's review of one seat's game, each decision it judged, and the hints asked for.

A review is computed once by the worker (:mod:`games.review.run`) and kept; ``done`` of
``total`` decisions tell its progress while it runs.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class ReviewStatus(models.TextChoices):
    QUEUED = "queued", gettext_lazy("Waiting for the worker")
    RUNNING = "running", gettext_lazy("Under way")
    DONE = "done", gettext_lazy("Done")


class Review(models.Model):
    """The expert's review of the decisions of the seat at ``position`` of a finished game."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="reviews")
    position = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=8, choices=ReviewStatus.choices, default=ReviewStatus.QUEUED
    )
    #: the seed of the play-outs: the same game and seed always give the same review
    seed = models.BigIntegerField()
    done = models.PositiveSmallIntegerField(default=0)
    total = models.PositiveSmallIntegerField(default=0)
    accuracy = models.FloatField(null=True, blank=True)
    points_lost = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_review_per_seat")
        ]

    def __str__(self) -> str:
        return f"Review of seat {self.position} of table {self.game_id}"

    @property
    def percent(self) -> int:
        """How far the review has got, 0–100."""
        return 100 * self.done // self.total if self.total else 0


class ReviewedDecision(models.Model):
    """One decision of a reviewed seat: what was played, what the expert would have played,
    and the final score each choice promises (``loss`` is their difference, never below 0)."""

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="decisions")
    #: the index of the move in the game's log (0 is the first), so the replay can find it
    index = models.PositiveIntegerField()
    round = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=6)
    made = models.CharField(max_length=40)
    expert = models.CharField(max_length=40)
    made_points = models.FloatField()
    expert_points = models.FloatField()
    loss = models.FloatField()
    #: the score category the expert's choice gains most in (an engine code), or ""
    reason = models.CharField(max_length=12, blank=True, default="")
    #: the cells the expert's piece would cover, [[x, y], ...]
    expert_cells = models.JSONField(default=list)
    #: the tile the expert would place (its catalogue id), to draw its ghost; None for a sheep,
    #: bonus tile or tower
    expert_tile = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["review", "index"], name="one_verdict_per_move")
        ]

    def __str__(self) -> str:
        return f"{self.made} / {self.expert}: -{self.loss:.1f}"


class Hint(models.Model):
    """The expert's spot shown to the seat at one step of an unrated solo table (counted once
    per step: asking again shows the same hint)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="hints")
    position = models.PositiveSmallIntegerField()
    #: the seat's own step (``Seat.step``) the hint was for
    step = models.PositiveIntegerField()
    action = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position", "step"], name="one_hint_per_step")
        ]

    def __str__(self) -> str:
        return f"Hint {self.action} for seat {self.position} of table {self.game_id}"
