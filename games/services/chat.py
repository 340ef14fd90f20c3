"""Table talk: post a message, mute and unmute a player.

Posting is one transaction on the locked game row, like every change of a table: the message
is something every viewer may see, so the table's ``version`` rises and every open page picks
it up on its next poll (games.page.live). Its ``chat_version`` rises too, and only with the
talk (a message, a staff hide): a poll for any other change keeps the talk a page shows
(games.page.chat.chat_mark). The author's own row is locked too, before their
recent messages are counted, so parallel posts (at one table or several) cannot slip past the
limit together.

Muting concerns only the person who mutes: no table's ``version`` moves (that would redraw
every viewer's page). It moves their *chat view mark* instead, which every page stored for
them carries (games.page.cache), so no stored page of theirs shows the muted messages. A
block (games.models.chat.Block) hides messages both ways, so making or lifting one moves both
people's marks (``chat_view_changed``).
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, GameStatus, Seat
from games.models.chat import MESSAGE_MAX, Message, Mute
from games.services.errors import GameError, NotAllowed
from games.services.record import lock_person, locked_game, publish


def rate_limit() -> tuple[int, timedelta]:
    """How many messages a person may write (over all tables) in how long."""
    return settings.CHAT_RATE_MESSAGES, timedelta(seconds=settings.CHAT_RATE_SECONDS)


def mute_limit() -> tuple[int, timedelta]:
    """How many mutes and unmutes (together) a person may make in how long."""
    return settings.CHAT_MUTE_CHANGES, timedelta(seconds=settings.CHAT_MUTE_SECONDS)


def clean_text(text: str) -> str:
    """The message as it is stored: trimmed, and refused when empty or too long."""
    text = text.strip()
    if not text:
        raise GameError(_("Write something before sending."))
    if len(text) > MESSAGE_MAX:
        raise GameError(
            _("A message has at most %(most)d characters; this one has %(count)d.")
            % {"most": MESSAGE_MAX, "count": len(text)}
        )
    return text


@transaction.atomic
def post_message(game_id: int, author: User, text: str, *, now: datetime | None = None) -> Message:
    """Write ``text`` at the table as ``author``, who must be seated there."""
    now = now or timezone.now()
    game = locked_game(game_id)  # first the game, then the person, as every service locks
    if not game.seats.filter(user=author).exists():
        raise NotAllowed(_("Only the players at this table can write here."))
    if game.status == GameStatus.CLOSED:
        raise GameError(_("This table is closed."))
    text = clean_text(text)
    count, window = rate_limit()
    lock_person(author.pk)
    recent = Message.objects.filter(author=author, created_at__gt=now - window).count()
    if recent >= count:
        raise GameError(
            ngettext(
                "You have written %(count)d message in the last %(seconds)d seconds; wait a "
                "moment before the next.",
                "You have written %(count)d messages in the last %(seconds)d seconds; wait a "
                "moment before the next.",
                count,
            )
            % {"count": count, "seconds": int(window.total_seconds())}
        )
    message = Message.objects.create(game=game, author=author, text=text, created_at=now)
    _talk_changed(game)
    return message


def _talk_changed(game: Game) -> None:
    """The table's talk changed for every viewer: its ``chat_version`` and its ``version``
    move, so every open page draws its chat panel again (games.page.chat.chat_mark)."""
    game.chat_version += 1
    publish(game, "chat_version")


def mark_seen(seat_id: int, message_id: int) -> None:
    """The seat's person has been shown the table's messages up to ``message_id``."""
    Seat.objects.filter(pk=seat_id, chat_seen__lt=message_id).update(chat_seen=message_id)


def chat_view_key(user_id: int) -> str:
    """The cache key of the person's chat view mark (read by games.page.cache)."""
    return f"chat:view:{user_id}"


def chat_view_changed(*user_ids: int) -> None:
    """What these people may see of table talk changed (a mute, a block): pages stored for
    them are drawn again, the player page too (its Block or Unblock button is read only when
    drawn). Call it inside the transaction that made the change.

    The mark moves at once, so this request's own answer sees it, and again after commit, so a
    page another request drew from the rows as they were in between is not kept.
    """

    def move() -> None:
        mark = time.time_ns()
        cache.set_many({chat_view_key(user_id): mark for user_id in user_ids}, None)

    move()
    transaction.on_commit(move)


def _mute_changes_key(user_id: int) -> str:
    return f"chat:mute-changes:{user_id}"


def _count_mute_change(user: User, now: datetime) -> None:
    """Refuse a mute or unmute beyond the limit, else record it. The caller holds the person's
    row, so two requests never read the same record."""
    count, window = mute_limit()
    since = (now - window).timestamp()
    record = [t for t in cache.get(_mute_changes_key(user.pk), []) if t > since]
    if len(record) >= count:
        minutes = int(window.total_seconds() // 60)
        if minutes == 60:
            said = ngettext(
                "You have muted or unmuted players %(count)d time in the last hour; wait a "
                "while before the next change.",
                "You have muted or unmuted players %(count)d times in the last hour; wait a "
                "while before the next change.",
                count,
            )
        else:
            # Translators: %(count)d changes in the last %(minutes)d minutes.
            said = ngettext(
                "You have muted or unmuted players %(count)d time in the last %(minutes)d "
                "minutes; wait a while before the next change.",
                "You have muted or unmuted players %(count)d times in the last %(minutes)d "
                "minutes; wait a while before the next change.",
                count,
            )
        raise GameError(said % {"count": count, "minutes": minutes})
    record.append(now.timestamp())
    cache.set(_mute_changes_key(user.pk), record, int(window.total_seconds()))


@transaction.atomic
def mute(user: User, muted_id: int, *, now: datetime | None = None) -> Mute:
    """``user`` stops seeing what ``muted_id`` writes, at every table (muting twice is once)."""
    if muted_id == user.pk:
        raise GameError(_("You cannot mute yourself."))
    if not User.objects.filter(pk=muted_id).exists():
        raise GameError(_("There is no such player."))
    lock_person(user.pk)
    existing = Mute.objects.filter(user=user, muted_id=muted_id).first()
    if existing is not None:
        return existing
    _count_mute_change(user, now or timezone.now())
    muted = Mute.objects.create(user=user, muted_id=muted_id)
    chat_view_changed(user.pk)
    return muted


@transaction.atomic
def unmute(user: User, muted_id: int, *, now: datetime | None = None) -> None:
    """``user`` sees ``muted_id``'s messages again."""
    lock_person(user.pk)
    if not Mute.objects.filter(user=user, muted_id=muted_id).exists():
        raise GameError(_("You had not muted this player."))
    _count_mute_change(user, now or timezone.now())
    Mute.objects.filter(user=user, muted_id=muted_id).delete()
    chat_view_changed(user.pk)


@transaction.atomic
def set_hidden(message_ids: list[int], hidden: bool) -> int:
    """Staff hide (or show again) messages; every table concerned redraws. Returns how many."""
    changed = Message.objects.filter(pk__in=message_ids).exclude(hidden_by_staff=hidden)
    games = sorted(set(changed.values_list("game_id", flat=True)))
    count = changed.update(hidden_by_staff=hidden)
    for game_id in games:  # in id order, so two staff members never lock in opposite orders
        _talk_changed(locked_game(game_id))
    return count
