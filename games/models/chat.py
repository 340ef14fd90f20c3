"""Table talk: the messages written at a table, the players each person has muted, and the
players each person has blocked (no invitations, chat or rematch seats between them).

A message is plain text; it is shown escaped and its links are never made clickable. Staff hide
a message in the admin (it then shows nowhere); a person who mutes another no longer sees that
player's messages at any table.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

MESSAGE_MAX = 500


class Message(models.Model):
    """One message of a table's chat, by a person seated there. Written only by
    ``games.services.chat.post_message``, which moves the table's ``chat_version`` with it
    (a table at 0 is drawn without reading its messages)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="messages")
    # A deleted account's messages stay (the moderation record), shown as "former player".
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
        related_name="chat_messages",
    )  # fmt: skip
    text = models.CharField(max_length=MESSAGE_MAX)
    created_at = models.DateTimeField()
    hidden_by_staff = models.BooleanField(
        default=False, help_text="A hidden message shows nowhere: not at the table, not in mail."
    )

    class Meta:
        ordering = ["pk"]
        indexes = [
            models.Index(
                fields=["game", "id"], condition=Q(hidden_by_staff=False), name="message_shown"
            ),
            models.Index(fields=["author", "created_at"], name="message_author_time"),
        ]

    def __str__(self) -> str:
        return f"{self.game} message {self.pk}"


class Mute(models.Model):
    """``user`` no longer sees what ``muted`` writes, at every table."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="muted_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="one_mute_per_pair"),
            models.CheckConstraint(condition=~Q(user=models.F("muted")), name="no_self_mute"),
        ]

    def __str__(self) -> str:
        return f"user {self.user_id} mutes user {self.muted_id}"


class Block(models.Model):
    """``user`` blocks ``blocked``: no invitation, chat message or rematch seat between them."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocked_by"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "blocked"], name="one_block_per_pair"),
            models.CheckConstraint(condition=~Q(user=models.F("blocked")), name="no_self_block"),
        ]

    def __str__(self) -> str:
        return f"user {self.user_id} blocks user {self.blocked_id}"
