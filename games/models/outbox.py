"""The outbox: one row per e-mail or push the site owes someone, written with the change that
causes it. Each channel (mail, web push) has rows of its own, so each is sent, retried and
deduplicated on its own, by the same sender under the same rules.

A row is *due* when ``status`` is pending and ``due_at`` has passed. The sender claims a row by
moving ``due_at`` forward with a conditional ``UPDATE`` (so a second sender skips it), then marks
it sent, dropped (no longer true or wanted) or, after a failure, due again later.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Kind(models.TextChoices):
    INVITATION = "invitation", "Invitation to a table"
    STARTED = "started", "Table started"
    NEW_ROUND = "new_round", "New round: your turn"
    LAST_TO_PLAY = "last_to_play", "You are the last to play"
    DEADLINE = "deadline", "Deadline close"
    AUTOPILOT = "autopilot", "The autopilot played for you"
    FINISHED = "finished", "Game finished"
    TABLE_CLOSED = "table_closed", "Table closed before it started"
    DIGEST = "digest", "Daily digest"
    CHALLENGE = "challenge", "The week's challenge is up"
    TOURNAMENT = "tournament", "Your tournament table is ready"
    # Mail about the account itself (confirm an address, reset a password …), rendered when it
    # was asked for and kept whole in the row: it goes to an address, perhaps of nobody yet.
    ACCOUNT = "account", "Account mail"
    # A push a person asked for from their device list, to one device (``OutboxMessage.device``).
    DEVICE_TEST = "device_test", "Test notification"


class Channel(models.TextChoices):
    MAIL = "mail", "E-mail"
    PUSH = "push", "Push notification"


class Status(models.TextChoices):
    PENDING = "pending", "Pending"
    SENT = "sent", "Sent"
    DROPPED = "dropped", "Dropped"
    FAILED = "failed", "Failed"


class OutboxMessage(models.Model):
    """One e-mail or push owed to one person: about a table and round, or their daily digest."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
        related_name="outbox_messages",
    )  # fmt: skip
    kind = models.CharField(max_length=16, choices=Kind.choices)
    channel = models.CharField(max_length=4, choices=Channel.choices, default=Channel.MAIL)
    # A push for one device only (a test notification); other pushes go to every device.
    device = models.ForeignKey(
        "games.PushSubscription", null=True, blank=True, on_delete=models.CASCADE,
        related_name="+",
    )  # fmt: skip
    # The devices a push reached already: a retry after one device failed skips them.
    pushed_to = models.JSONField(default=list, blank=True)
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="outbox"
    )
    # The round the mail is about (0 when it is about the table as a whole).
    round = models.PositiveSmallIntegerField(default=0)
    # The person's local date of a digest: one digest a day.
    digest_date = models.DateField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    due_at = models.DateTimeField()
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True, default="")
    # The request (or task) that wrote the row: the sender logs the mail under it, so the mail
    # is found with the move that caused it (tipperary_site.request_id). Blank for older rows.
    request_id = models.CharField(max_length=64, blank=True, default="")
    # Account mail only: the whole message as it was rendered.
    to_address = models.EmailField(max_length=254, blank=True, default="")
    subject = models.CharField(max_length=255, blank=True, default="")
    body_text = models.TextField(blank=True, default="")
    body_html = models.TextField(blank=True, default="")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="account") | Q(user__isnull=False),
                name="outbox_user_unless_account_mail",
            ),
            models.UniqueConstraint(
                fields=["user", "game", "round", "kind", "channel"],
                condition=Q(game__isnull=False),
                name="outbox_one_per_table_round_kind",
            ),
            models.UniqueConstraint(
                fields=["user", "digest_date", "channel"],
                condition=Q(kind="digest"),
                name="outbox_one_digest_a_day",
            ),
            # ``digest_date`` holds the week's Monday: one challenge mail a week.
            models.UniqueConstraint(
                fields=["user", "digest_date", "channel"],
                condition=Q(kind="challenge"),
                name="outbox_one_challenge_mail_a_week",
            ),
        ]
        indexes = [models.Index(fields=["status", "due_at"], name="outbox_due")]
        permissions = [
            ("view_recipient", "Can see players' addresses and the bodies of mails"),
        ]

    def __str__(self) -> str:
        if self.kind == Kind.ACCOUNT:
            return f"{self.get_kind_display()} “{self.subject}”: {self.status}"
        if self.channel == Channel.PUSH:
            return f"{self.get_kind_display()} (push) for user {self.user_id}: {self.status}"
        about = f"{self.game} round {self.round}" if self.game_id else str(self.digest_date)
        return f"{self.get_kind_display()} for user {self.user_id} ({about}): {self.status}"
