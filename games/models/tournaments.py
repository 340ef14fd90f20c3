"""Tournaments: events whose rounds seat their entrants at tables that run themselves.

A tournament's tables are ordinary games (``Game.tournament`` and ``Game.tournament_round``
say which event and round each belongs to); nothing here plays a move.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models.table import RoundTime

#: The most entrants one event takes.
MAX_ENTRANTS = 100


class TournamentFormat(models.TextChoices):
    SWISS = "swiss", gettext_lazy("Swiss")
    GROUPS = "groups", gettext_lazy("Groups, then a final")


class TournamentStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("Open for sign-up")
    RUNNING = "running", gettext_lazy("Running")
    FINISHED = "finished", gettext_lazy("Finished")
    CANCELLED = "cancelled", gettext_lazy("Cancelled")


class Tournament(models.Model):
    """One event: who may enter, how its rounds are seated, and how far it has got.

    ``round`` is the round whose tables are in play (0 before the first): the service that
    seats a round claims it by moving ``round`` on, under the row's lock, so a round is seated
    once however many workers ask.
    """

    name = models.CharField(max_length=80)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
        related_name="hosted_tournaments",
    )  # fmt: skip
    featured = models.BooleanField(default=False, help_text="Shown first on /tournaments/.")
    format = models.CharField(max_length=8, choices=TournamentFormat.choices)
    table_size = models.PositiveSmallIntegerField()
    round_minutes = models.PositiveSmallIntegerField(
        choices=RoundTime.choices, default=RoundTime.ONE_DAY
    )
    rated = models.BooleanField(default=True)
    # Whether bots take the seats that would otherwise make a bye (Swiss) or a short table.
    bots_fill = models.BooleanField(default=False)
    rounds = models.PositiveSmallIntegerField(help_text="Swiss rounds; 2 for groups and final.")
    min_rating = models.PositiveIntegerField(null=True, blank=True)
    max_rating = models.PositiveIntegerField(null=True, blank=True)
    signup_closes_at = models.DateTimeField()
    min_entrants = models.PositiveSmallIntegerField()
    max_entrants = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=10, choices=TournamentStatus.choices, default=TournamentStatus.OPEN
    )
    round = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-featured", "signup_closes_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(table_size__gte=2, table_size__lte=5), name="tournament_table_2_to_5"
            ),
            models.CheckConstraint(
                condition=Q(min_entrants__gte=2, min_entrants__lte=models.F("max_entrants")),
                name="tournament_entrants_range",
            ),
            models.CheckConstraint(
                condition=Q(min_rating__isnull=True)
                | Q(max_rating__isnull=True)
                | Q(min_rating__lte=models.F("max_rating")),
                name="tournament_rating_range",
            ),
        ]
        indexes = [models.Index(fields=["status", "signup_closes_at"], name="tournament_due")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event", args=[self.pk])

    @property
    def is_swiss(self) -> bool:
        return self.format == TournamentFormat.SWISS

    @property
    def round_name_now(self) -> str:
        """The name of the round in play."""
        return self.round_name(self.round)

    def round_name(self, round_: int) -> str:
        """What a round is called: "Round 2", or "The group tables" and "The final"."""
        if self.is_swiss:
            return _("Round %(number)d") % {"number": round_}
        return _("The group tables") if round_ == 1 else _("The final")


class Entrant(models.Model):
    """A person entered in a tournament. ``name`` keeps what the standings call them if their
    account goes; ``rating`` is their shown rating at sign-up (it orders the first round)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="entries"
    )
    name = models.CharField(max_length=150)
    rating = models.PositiveIntegerField()
    joined_at = models.DateTimeField(auto_now_add=True)
    # Set when the person left a running event: not seated again; their table is finished
    # by the autopilot. ``withdrawn_round`` is the round that was in play then.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The rounds this entrant sat out with a bye (Swiss, when the numbers do not divide).
    bye_rounds = models.JSONField(default=list, blank=True)
    # The final placing, written when the event finishes (1 = the winner).
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=Q(user__isnull=False),
                name="one_entry_per_person",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament}"
