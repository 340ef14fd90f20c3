"""What a mail says of table talk: "3 new messages at Table 4", with the latest one quoted.

Chat is never mailed one message at a time; the next turn mail or the digest mentions what the
person has not seen yet, unless they turned that off.
"""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Profile
from games.models import Game, GameStatus, Seat
from games.page.chat import person_name, unread, unread_count

QUOTE_MAX = 200  # characters of the latest message quoted


@dataclass(frozen=True)
class ChatNews:
    """The messages new to a person at one table, and the latest of them."""

    game: Game
    count: int
    author: str
    quote: str


def _quote(text: str) -> str:
    return text if len(text) <= QUOTE_MAX else text[: QUOTE_MAX - 1].rstrip() + "…"


def news_at(seat: Seat | None, profile: Profile) -> ChatNews | None:
    """What is new to the seat's person at its table, or None (nothing new, or not wanted)."""
    if seat is None or seat.user_id is None or not profile.notify_chat:
        return None
    messages = unread(seat).select_related("author__profile").order_by("-pk")
    latest = messages.first()
    if latest is None:
        return None
    return ChatNews(seat.game, messages.count(), person_name(latest.author), _quote(latest.text))


def news_everywhere(user_id: int, profile: Profile) -> list[ChatNews]:
    """What is new to the person at each of their tables still forming or in play."""
    if not profile.notify_chat:
        return []
    seats = (
        Seat.objects.filter(
            user_id=user_id, game__status__in=[GameStatus.FORMING, GameStatus.PLAYING]
        )
        .annotate(unread=unread_count())
        .filter(unread__gt=0)
        .select_related("game")
        .order_by("game_id")
    )
    news = []
    for seat in seats:
        latest = unread(seat).select_related("author__profile").order_by("-pk").first()
        if latest is not None:
            news.append(
                ChatNews(seat.game, seat.unread, person_name(latest.author), _quote(latest.text))
            )
    return news
