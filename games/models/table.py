"""Tables, seats and the append-only action log of each game.

A game *is* its seed plus its log: ``Game.state`` is only a cache of the engine state, and
:func:`games.engine_bridge.rebuild_state` recomputes it from ``seed`` and ``actions``.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from accounts.models import public_name


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def new_seed() -> int:
    return secrets.randbits(48)


class GameStatus(models.TextChoices):
    FORMING = "forming", gettext_lazy("Waiting for players")
    PLAYING = "playing", gettext_lazy("In play")
    FINISHED = "finished", gettext_lazy("Finished")
    CLOSED = "closed", gettext_lazy("Closed")


class GameVariant(models.TextChoices):
    """The engine's variants (:class:`engine.Variant`)."""

    STANDARD = "standard", gettext_lazy("Table")
    DUPLICATE = "duplicate", gettext_lazy("Weekly challenge")


#: Round times up to this many minutes are live: kept to the second, never mailed per turn.
LIVE_UP_TO_MINUTES = 5


class RoundTime(models.IntegerChoices):
    """Time per round, in minutes: the live speeds, played at one sitting, then the slow ones,
    played over days."""

    ONE_MINUTE = 1, gettext_lazy("1 minute")
    TWO_MINUTES = 2, gettext_lazy("2 minutes")
    THREE_MINUTES = 3, gettext_lazy("3 minutes")
    FIVE_MINUTES = 5, gettext_lazy("5 minutes")
    HALF_DAY = 12 * 60, gettext_lazy("12 hours")
    ONE_DAY = 24 * 60, gettext_lazy("1 day")
    TWO_DAYS = 48 * 60, gettext_lazy("2 days")
    THREE_DAYS = 72 * 60, gettext_lazy("3 days")
    ONE_WEEK = 168 * 60, gettext_lazy("7 days")

    @classmethod
    def live(cls) -> list[RoundTime]:
        """The speeds played at one sitting (everyone at the table at once).

        >>> [str(speed.label) for speed in RoundTime.live()]
        ['1 minute', '2 minutes', '3 minutes', '5 minutes']
        """
        return [speed for speed in cls if speed <= LIVE_UP_TO_MINUTES]


class Game(models.Model):
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="hosted_games"
    )
    status = models.CharField(max_length=10, choices=GameStatus.choices, default=GameStatus.FORMING)
    seats_wanted = models.PositiveSmallIntegerField(default=4)
    round_minutes = models.PositiveSmallIntegerField(
        choices=RoundTime.choices, default=RoundTime.ONE_DAY
    )
    is_open = models.BooleanField(default=True, help_text="Anyone may join from the lobby.")
    rated = models.BooleanField(default=True)
    allow_vacation = models.BooleanField(default=True)
    invite_token = models.CharField(max_length=32, default=new_invite_token)
    seed = models.BigIntegerField(default=new_seed)

    round = models.PositiveSmallIntegerField(default=0)
    round_started_at = models.DateTimeField(null=True, blank=True)
    round_deadline = models.DateTimeField(null=True, blank=True)
    # True while every seat has finished the current round but the round has not advanced yet:
    # the periodic sweep looks for these so a lost message never stalls a table.
    round_complete = models.BooleanField(default=False)
    # Rises only when something every viewer may see changes (see games.services.record).
    version = models.PositiveIntegerField(default=0)
    # Rises with the table talk every viewer sees (a message, a staff hide; games.services.chat):
    # a poll whose page shows the talk as it stands keeps it rather than drawing it again, and
    # at 0 (never a message) no page reads the messages. A message is written only by
    # games.services.chat.post_message, which moves it.
    chat_version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    # When a player last joined a forming table (a table left alone too long closes).
    last_joined_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The finished table this one replays with the same people ("Play again with this table").
    rematch_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch"
    )
    # Set when the ratings task claims a finished rated table, so it is rated only once.
    rated_at = models.DateTimeField(null=True, blank=True)
    # A weekly challenge entry is a one-person game of the duplicate variant on the week's seed.
    variant = models.CharField(
        max_length=10, choices=GameVariant.choices, default=GameVariant.STANDARD
    )
    challenge = models.ForeignKey(
        "games.Challenge", null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    # A tournament's table, and the round of the event it seats (1, 2 …).
    tournament = models.ForeignKey(
        "games.Tournament", null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    tournament_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(seats_wanted__gte=2, seats_wanted__lte=5)
                | Q(variant=GameVariant.DUPLICATE, seats_wanted=1),
                name="game_seats_2_to_5",
            ),
            models.UniqueConstraint(
                fields=["challenge", "host"],
                condition=Q(challenge__isnull=False),
                name="game_one_entry_per_week",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "round_complete"], name="game_status_complete"),
            models.Index(fields=["status", "round_deadline"], name="game_status_deadline"),
        ]

    def __str__(self) -> str:
        if self.variant == GameVariant.DUPLICATE:
            return _("Weekly challenge")
        return _("Table %(number)s") % {"number": self.pk}

    def get_absolute_url(self) -> str:
        return reverse("games:game", args=[self.pk])

    @property
    def round_length(self) -> timedelta:
        return timedelta(minutes=self.round_minutes)

    @property
    def is_live(self) -> bool:
        """Whether the table is played at one sitting (a round of a few minutes)."""
        return self.round_minutes <= LIVE_UP_TO_MINUTES


#: The bots' levels as people read them, by the engine's bot names, easiest first.
BOT_LEVEL_NAMES = {
    # Translators: the four bot levels, e.g. "Easy bot".
    "easy": pgettext_lazy("bot level", "Easy"),
    "medium": pgettext_lazy("bot level", "Medium"),
    "hard": pgettext_lazy("bot level", "Hard"),
    "expert": pgettext_lazy("bot level", "Expert"),
}


class SeatKind(models.TextChoices):
    PERSON = "person", gettext_lazy("Person")
    BOT = "bot", gettext_lazy("Bot")


class Seat(models.Model):
    """A place at a table. ``position`` is the engine's seat index once the game starts."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="seats",
    )  # fmt: skip
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=6, choices=SeatKind.choices, default=SeatKind.PERSON)
    bot = models.CharField(max_length=10, blank=True, default="")
    # Whether this seat has something to do in the current round: kept by the services so
    # "tables waiting for you" is one indexed query.
    to_play = models.BooleanField(default=False)
    # Rounds in a row the autopilot played for this seat; past a few, the seat is absent and
    # the autopilot plays it as soon as each round starts, until the person plays again.
    autopilot_streak = models.PositiveSmallIntegerField(default=0)
    absent = models.BooleanField(default=False)
    # Rises only when this seat's own situation changes: its turn, the autopilot's, a new
    # round. A submit made on an older step is stale; other seats' moves never touch it.
    step = models.PositiveIntegerField(default=0)
    # The newest chat message this seat's person has seen on the table's page (its id).
    chat_seen = models.PositiveIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="one_seat_per_person"
            ),
            models.UniqueConstraint(fields=["game", "position"], name="unique_seat_position"),
        ]
        indexes = [models.Index(fields=["user", "to_play"], name="seat_user_to_play")]

    def __str__(self) -> str:
        return f"{self.game} seat {self.position}"

    @property
    def name(self) -> str:
        """What other players see: a display name, a bot's level, or "former player"."""
        if self.kind == SeatKind.BOT:
            level = BOT_LEVEL_NAMES.get(self.bot, self.bot.title())
            # Translators: a bot's name at a table, e.g. "Easy bot 2" (its level and its seat).
            return _("%(level)s bot %(seat)d") % {"level": level, "seat": self.position + 1}
        if self.user is None:
            return _("former player")
        return public_name(self.user)

    def on_vacation(self, now: datetime) -> bool:
        """Whether the seat's person is on vacation at ``now`` (by their account settings)."""
        profile = getattr(self.user, "profile", None) if self.user is not None else None
        return profile is not None and profile.on_vacation(now)

    def is_away(self, game: Game, now: datetime) -> bool:
        """Whether a person's seat is played as soon as a round starts: absent, or on vacation at
        a table that allows it (``game`` is this seat's, passed when already at hand)."""
        if self.kind != SeatKind.PERSON:
            return False
        if self.absent:
            return True
        return game.allow_vacation and self.on_vacation(now)

    def away_reason(self, now: datetime) -> str:
        """Why the autopilot plays this seat as soon as a round starts: "absent", "on vacation"
        (at a table that allows it), or "" when the person plays their own turns."""
        if self.absent:
            return "absent"
        if self.game.allow_vacation and self.on_vacation(now):
            return "on vacation"
        return ""


class ActionSource(models.TextChoices):
    PLAYER = "player", gettext_lazy("Player")
    # The person missed the round's deadline (or is absent after missing several).
    AUTOPILOT = "autopilot", gettext_lazy("Autopilot")
    # The person is on vacation, at a table that allows it: declared, so it is not held
    # against them (no rating for a table mostly played so, no mark on their reliability).
    VACATION = "vacation", gettext_lazy("Autopilot (vacation)")
    SYSTEM = "system", gettext_lazy("System")

    @classmethod
    def autopilot(cls) -> tuple[ActionSource, ActionSource]:
        """The sources of turns the autopilot played, whatever the reason."""
        return (cls.AUTOPILOT, cls.VACATION)


class Action(models.Model):
    """One entry of a game's append-only log, in the engine's notation."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="None for system")
    round = models.PositiveSmallIntegerField()
    notation = models.CharField(max_length=40)
    source = models.CharField(max_length=10, choices=ActionSource.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_action_seq"),
        ]
        # A seat's own entries (the rounds a person played, on their page) without reading
        # each table's whole log.
        indexes = [models.Index(fields=["game", "seat"], name="action_game_seat")]

    def __str__(self) -> str:
        who = "system" if self.seat is None else f"seat {self.seat}"
        return f"{self.game} #{self.seq} {who}: {self.notation}"


class PieceKind(models.TextChoices):
    TILE = "tile", gettext_lazy("Landscape tile")
    BONUS = "bonus", gettext_lazy("Bonus tile")
    TOWER = "tower", gettext_lazy("Tower")
    SHEEP = "sheep", gettext_lazy("Sheep")


class PlacedPiece(models.Model):
    """What one logged action put into a county (``engine.placed_piece`` of its events).

    Written with the action, in the same transaction; ``manage.py rebuild_placed`` works every
    row out again from the log. ``cells`` lists ``[x, y]`` pairs and ``landscapes`` the landscape
    of each cell, in the same order; ``piece_id`` is the tile or bonus tile id.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="placed_pieces")
    seat = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField(help_text="The seq of the action that placed it")
    kind = models.CharField(max_length=6, choices=PieceKind.choices)
    piece_id = models.PositiveSmallIntegerField(null=True, blank=True)
    orientation = models.PositiveSmallIntegerField(null=True, blank=True)
    cells = models.JSONField()
    landscapes = models.JSONField()

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_piece_per_action"),
        ]
        indexes = [models.Index(fields=["kind", "piece_id"], name="placed_kind_piece")]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq} seat {self.seat}: {self.kind}"


class Invitation(models.Model):
    """A host's invitation of a person, by display name, to an invite-only table."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "invitee"], name="one_invitation_per_person"),
        ]

    def __str__(self) -> str:
        return f"Invitation to {self.game}"
