"""The game page's poll built in Python: the hidden ``#poll`` that asks what changed.

It sends back the page's token (``t``) and viewer (``v``), the talk the page shows (``c``) and,
for a seated viewer, what its other counties and wheel show (``k``, ``w``), each kept while it
stands; a move and an undo send the same fields (``hx-include="#poll"``). It asks every few
seconds, and at once when the table's event stream says so (``static/js/stream.js``:
"streamed"). It is on every page and ``#game``; drawn through the template language (its
address, three marks and their conditions) it cost a sixth of a millisecond of each.
``tests/games/test_poll_html.py`` holds the template's text and compares.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.access import TableAccess
from games.models import Game
from games.page import board
from games.page.chat import chat_mark
from games.page.live import Token
from games.page.model import GamePage
from games.streams import publish


def stream_url(game_id: int | None, token: Token | str) -> str:
    """Where a live page opens its event stream, starting from ``token`` (what the page was
    drawn with): a table's, or the person's "Your games" (no ``game_id``); "" when the site
    runs no streams, and the page then keeps to its poll."""
    if not publish.enabled():
        return ""
    path = reverse("games:events", args=[game_id]) if game_id else reverse("games:mine_events")
    return f"{settings.STREAMS_ORIGIN}{path}?t={token}"


def mark_names(game: Game, page: GamePage) -> tuple[str, ...]:
    """The marks the poll of ``game``'s page sends: the talk (``c``; none at a challenge entry,
    played alone) and, for a seated viewer, the other counties and the wheel (``k``, ``w``)."""
    if game.variant == "duplicate":
        return ()
    return ("c", "k", "w") if page.me else ("c",)


def render_poll(
    game: Game, page: GamePage, viewer_id: int | None, marks: Mapping[str, str]
) -> SafeString:
    """The ``#poll`` of ``game``'s page for ``viewer_id``, sending each of ``marks`` (by name)
    that :func:`mark_names` asks for."""
    token = escape(str(page.token))
    sent = [(name, marks[name]) for name in mark_names(game, page)]
    query = "".join(f"&amp;{name}={escape(value)}" for name, value in sent)
    fields = "".join(
        f'<input type="hidden" name="{name}" value="{escape(value)}">' for name, value in sent
    )
    if page.finished:
        every = "every 30s"
    elif page.advancing:
        every = "load, every 1s"
    else:
        every = "every 10s"
    address = reverse("games:status", args=[game.pk])
    viewer = "" if viewer_id is None else viewer_id
    return mark_safe(
        f'<div id="poll" hx-get="{address}?t={token}&amp;v={viewer}{query}" '
        f'hx-trigger="{every}, streamed" hx-target="#table" hx-swap="outerHTML" '
        f'data-token="{token}" data-stream="{escape(stream_url(game.pk, page.token))}">'
        f"{fields}</div>"
    )


def page_poll(
    access: TableAccess, page: GamePage, viewer_id: int | None, *, counties: str, wheel: str
) -> SafeString:
    """The ``#poll`` of ``access``'s page, with the marks of what the page shows, each worked
    out only if sent: the board's as the view worked them out (``counties``, ``wheel``; "" when
    it did not), else now."""
    work_out = {
        "c": lambda: chat_mark(access),
        "k": lambda: counties or board.counties_mark(page),
        "w": lambda: wheel or board.wheel_mark(page),
    }
    marks = {name: work_out[name]() for name in mark_names(access.game, page)}
    return render_poll(access.game, page, viewer_id, marks)
