"""The chat panel of a table's page: the messages its viewer may see, and who they muted.

Drawing the panel for a seated person records the newest message they have now seen, so
"Your games" and the mails count only what is new to them.

A viewer never sees (nor is counted, nor mailed) the messages of a player they muted, nor of
anyone with a block between the two of them, whichever of them blocked the other. The messages
of a deleted account stay, by "former player".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.contrib.auth.models import User
from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from accounts.models import public_name
from games.access import TableAccess
from games.models import Game, GameStatus, Seat
from games.models.chat import Block, Message, Mute

if TYPE_CHECKING:  # a development tool's types, not installed to run the site
    from django_stubs_ext import WithAnnotations

SHOWN = 50  # the newest messages a panel shows
FORMER_PLAYER = "former player"  # the author of a deleted account's messages


def person_name(user: User | None) -> str:
    """What other players see of a person: their display name, or "former player" once the
    account is deleted."""
    return FORMER_PLAYER if user is None else public_name(user)


def _left_out(messages: QuerySet[Message], reader: int | OuterRef) -> QuerySet[Message]:
    """``messages`` less those ``reader`` does not see: by a player they muted, or by someone
    either of them blocked. Subqueries of the same query, so leaving out costs no query."""
    muted = Mute.objects.filter(Q(user_id=reader)).values("muted_id")
    blocked = Block.objects.filter(Q(user_id=reader)).values("blocked_id")
    blocked_by = Block.objects.filter(Q(blocked_id=reader)).values("user_id")
    return (
        messages.exclude(author_id__in=muted)
        .exclude(author_id__in=blocked)
        .exclude(author_id__in=blocked_by)
    )


def unread(seat: Seat) -> QuerySet[Message]:
    """The messages at a seat's table its person has not seen yet: not their own, not hidden by
    staff, not by a player they muted or with a block between them."""
    assert seat.user_id is not None, "a bot's seat reads no chat"
    shown = Message.objects.filter(
        game_id=seat.game_id, pk__gt=seat.chat_seen, hidden_by_staff=False
    ).exclude(author_id=seat.user_id)
    return _left_out(shown, seat.user_id)


def unread_count() -> Coalesce:
    """``Seat.objects.annotate(unread=unread_count())``: :func:`unread` counted for each seat."""
    shown = Message.objects.filter(
        game_id=OuterRef("game_id"), pk__gt=OuterRef("chat_seen"), hidden_by_staff=False
    ).exclude(author_id=OuterRef("user_id"))
    messages = (
        _left_out(shown, OuterRef(OuterRef("user_id")))
        .order_by()
        .values("game_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(messages, output_field=IntegerField()), 0)


def _blocked_between(viewer: User) -> Exists:
    """Whether a block stands between ``viewer`` and a message's author, either way."""
    return Exists(
        Block.objects.filter(
            Q(user=viewer, blocked_id=OuterRef("author_id"))
            | Q(user_id=OuterRef("author_id"), blocked=viewer)
        )
    )


@dataclass(frozen=True)
class ChatLine:
    message: Message
    author: str
    mine: bool
    former: bool  # by a deleted account: nobody to mute


@dataclass(frozen=True)
class ChatPanel:
    """What the panel shows: the newest lines, whether the viewer may write, and the players
    they muted whose messages were left out here (so they can unmute them)."""

    game_id: int
    lines: list[ChatLine]  # newest first
    can_write: bool
    muted: list[tuple[int, str]]
    more: bool  # older messages exist than the panel shows
    # (the viewer's seat, the newest message) when the panel shows them something new: the
    # view that drew it marks it seen (``games.services.chat.mark_seen``).
    news: tuple[int, int] | None = None


def _can_write(access: TableAccess) -> bool:
    return access.mine is not None and access.game.status != GameStatus.CLOSED


def chat_mark(access: TableAccess) -> str:
    """What the panel a viewer is shown depends on at the table, from the table's row alone:
    its talk (``Game.chat_version``) and whether they may write. A page sends it back with
    its poll (``c``); while it stands, the poll's answer keeps the panel the page has instead
    of drawing it again (``games.page.chat_html.KEPT``).

    What only the viewer changes (a mute, a block) is not in it: a mute answers with the panel
    drawn again, and a panel kept shows only what that page already showed; the next message
    at the table draws it again, as the viewer may now see it.
    """
    return f"{access.game.chat_version}.{int(_can_write(access))}"


def chat_panel(access: TableAccess, viewer: User) -> ChatPanel:
    """The panel for ``viewer``, in one query (none at a table that never had a message:
    ``Game.chat_version`` 0); it writes nothing (see ``ChatPanel.news``).

    The newest messages come with whether the viewer muted their author (or a block stands
    between them), so those are left out here and the muted authors listed, in the same query.
    A blocked author is left out without a word: the block is undone where it was made.

    Authors are named from the table's seats, read already with their people (``access``);
    only messages by someone who has no seat here any more (they left while it formed) cost a
    second query, for those names.
    """
    game = access.game
    newest = _newest(game, viewer) if game.chat_version else []  # 0: never a message here
    more = len(newest) > SHOWN
    newest = newest[:SHOWN]
    names = _author_names(access, {m.author_id for m in newest if m.author_id is not None})
    shown = [m for m in newest if not m.blocked]
    messages = [m for m in shown if not m.muted]
    muted = {m.author_id: names[m.author_id] for m in shown if m.muted and m.author_id}
    mine = access.mine
    news = None
    if mine is not None and newest and newest[0].pk > mine.chat_seen:
        news = (mine.pk, newest[0].pk)
    lines = [
        ChatLine(
            m,
            FORMER_PLAYER if m.author_id is None else names[m.author_id],
            m.author_id == viewer.pk,
            m.author_id is None,
        )
        for m in messages
    ]
    can_write = _can_write(access)
    by_name = sorted(muted.items(), key=lambda item: item[1].lower())
    return ChatPanel(game.pk, lines, can_write, by_name, more, news)


class _Annotated(TypedDict):
    muted: bool
    blocked: bool


def _newest(game: Game, viewer: User) -> list[WithAnnotations[Message, _Annotated]]:
    """The newest messages shown at ``game`` (one more than the panel shows), each with
    whether ``viewer`` muted its author (``muted``) or a block stands between them
    (``blocked``)."""
    muted_author = Mute.objects.filter(user=viewer, muted=OuterRef("author_id"))
    return list(
        Message.objects.filter(game=game, hidden_by_staff=False)
        .annotate(muted=Exists(muted_author), blocked=_blocked_between(viewer))
        .order_by("-pk")[: SHOWN + 1]
    )


def _author_names(access: TableAccess, authors: set[int]) -> dict[int, str]:
    """What each of ``authors`` is called (``person_name``): the seated from their seats, anyone
    else (gone from the table) in one query."""
    names = {s.user_id: person_name(s.user) for s in access.seats if s.user_id in authors}
    gone = authors - names.keys()
    if gone:
        for user in User.objects.filter(pk__in=gone).select_related("profile"):
            names[user.pk] = person_name(user)
    return names
