"""Table talk: post a message, mute and unmute a player.

Posting is one transaction on the locked game row, like every change of a table: the message
is something every viewer may see, so the table's ``version`` rises and every open page picks
it up on its next poll (games.page.live). Muting concerns only the person who mutes, but the
tables they share with the muted player are drawn again too, so no stored page of theirs shows
the muted messages.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.chat import MESSAGE_MAX, Message, Mute
from games.models import Game, GameStatus
from games.services.errors import GameError, NotAllowed
from games.services.record import locked_game, publish


def rate_limit() -> tuple[int, timedelta]:
    """How many messages a person may write (over all tables) in how long."""
    count = int(getattr(settings, "CHAT_RATE_MESSAGES", 5))
    seconds = int(getattr(settings, "CHAT_RATE_SECONDS", 60))
    return count, timedelta(seconds=seconds)


def clean_text(text: str) -> str:
    """The message as it is stored: trimmed, and refused when empty or too long."""
    text = text.strip()
    if not text:
        raise GameError("Write something before sending.")
    if len(text) > MESSAGE_MAX:
        raise GameError(
            f"A message has at most {MESSAGE_MAX} characters; this one has {len(text)}."
        )
    return text


@transaction.atomic
def post_message(game_id: int, author: User, text: str, *, now: datetime | None = None) -> Message:
    """Write ``text`` at the table as ``author``, who must be seated there."""
    now = now or timezone.now()
    game = locked_game(game_id)
    if not game.seats.filter(user=author).exists():
        raise NotAllowed("Only the players at this table can write here.")
    if game.status == GameStatus.CLOSED:
        raise GameError("This table is closed.")
    text = clean_text(text)
    count, window = rate_limit()
    recent = Message.objects.filter(author=author, created_at__gt=now - window).count()
    if recent >= count:
        raise GameError(
            f"You have written {count} messages in the last {int(window.total_seconds())} "
            "seconds; wait a moment before the next."
        )
    message = Message.objects.create(game=game, author=author, text=text, created_at=now)
    publish(game)
    return message


def _redraw_shared_tables(user: User, muted_id: int) -> None:
    """The tables where ``user`` sits and ``muted_id`` has written are drawn again, so no page
    stored before the change shows its author's messages the old way."""
    shared = Game.objects.filter(seats__user=user, messages__author_id=muted_id).values("pk")
    Game.objects.filter(pk__in=shared).update(version=F("version") + 1)


@transaction.atomic
def mute(user: User, muted_id: int) -> Mute:
    """``user`` stops seeing what ``muted_id`` writes, at every table (muting twice is once)."""
    if muted_id == user.pk:
        raise GameError("You cannot mute yourself.")
    if not User.objects.filter(pk=muted_id).exists():
        raise GameError("There is no such player.")
    muted, created = Mute.objects.get_or_create(user=user, muted_id=muted_id)
    if created:
        _redraw_shared_tables(user, muted_id)
    return muted


@transaction.atomic
def unmute(user: User, muted_id: int) -> None:
    """``user`` sees ``muted_id``'s messages again."""
    deleted, _ = Mute.objects.filter(user=user, muted_id=muted_id).delete()
    if not deleted:
        raise GameError("You had not muted this player.")
    _redraw_shared_tables(user, muted_id)


@transaction.atomic
def set_hidden(message_ids: list[int], hidden: bool) -> int:
    """Staff hide (or show again) messages; every table concerned redraws. Returns how many."""
    changed = Message.objects.filter(pk__in=message_ids).exclude(hidden_by_staff=hidden)
    games = sorted(set(changed.values_list("game_id", flat=True)))
    count = changed.update(hidden_by_staff=hidden)
    for game_id in games:  # in id order, so two staff members never lock in opposite orders
        publish(locked_game(game_id))
    return count
