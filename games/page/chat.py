"""The chat panel of a table's page: the messages its viewer may see, and who they muted.

Drawing the panel for a seated person records the newest message they have now seen, so
"Your games" and the mails count only what is new to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, Exists, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from games.access import TableAccess
from games.chat import Message, Mute
from games.models import GameStatus, Seat

SHOWN = 50  # the newest messages a panel shows


def person_name(user: User) -> str:
    """What other players see of a person: their display name."""
    profile = getattr(user, "profile", None)
    return profile.display_name if profile is not None else user.get_username()


def unread(seat: Seat) -> QuerySet[Message]:
    """The messages at a seat's table its person has not seen yet: not their own, not hidden by
    staff, not by a player they muted."""
    assert seat.user_id is not None, "a bot's seat reads no chat"
    muted = Mute.objects.filter(user_id=seat.user_id).values("muted_id")
    return (
        Message.objects.filter(game_id=seat.game_id, pk__gt=seat.chat_seen, hidden_by_staff=False)
        .exclude(author_id=seat.user_id)
        .exclude(author_id__in=muted)
    )


def unread_count() -> Coalesce:
    """``Seat.objects.annotate(unread=unread_count())``: :func:`unread` counted for each seat."""
    muted = Mute.objects.filter(user_id=OuterRef(OuterRef("user_id"))).values("muted_id")
    messages = (
        Message.objects.filter(
            game_id=OuterRef("game_id"), pk__gt=OuterRef("chat_seen"), hidden_by_staff=False
        )
        .exclude(author_id=OuterRef("user_id"))
        .exclude(author_id__in=muted)
        .order_by()
        .values("game_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(messages, output_field=IntegerField()), 0)


@dataclass(frozen=True)
class ChatLine:
    message: Message
    author: str
    mine: bool


@dataclass(frozen=True)
class ChatPanel:
    """What the panel shows: the newest lines, whether the viewer may write, and the players
    they muted whose messages were left out here (so they can unmute them)."""

    game_id: int
    lines: list[ChatLine]  # newest first
    can_write: bool
    muted: list[tuple[int, str]]
    more: bool  # older messages exist than the panel shows


def chat_panel(access: TableAccess, viewer: User) -> ChatPanel:
    """The panel for ``viewer``: one query, and one more when it shows them something new.

    The newest messages come with whether the viewer muted their author, so the muted ones are
    left out here and their authors listed, in the same query.
    """
    game = access.game
    muted_author = Mute.objects.filter(user=viewer, muted=OuterRef("author_id"))
    newest = list(
        Message.objects.filter(game=game, hidden_by_staff=False)
        .annotate(muted=Exists(muted_author))
        .select_related("author__profile")
        .order_by("-pk")[: SHOWN + 1]
    )
    more = len(newest) > SHOWN
    newest = newest[:SHOWN]
    messages = [m for m in newest if not m.muted]
    muted = {m.author_id: person_name(m.author) for m in newest if m.muted}
    mine = access.mine
    if mine is not None and newest and newest[0].pk > mine.chat_seen:
        Seat.objects.filter(pk=mine.pk, chat_seen__lt=newest[0].pk).update(chat_seen=newest[0].pk)
    lines = [ChatLine(m, person_name(m.author), m.author_id == viewer.pk) for m in messages]
    can_write = mine is not None and game.status != GameStatus.CLOSED
    by_name = sorted(muted.items(), key=lambda item: item[1].lower())
    return ChatPanel(game.pk, lines, can_write, by_name, more)
