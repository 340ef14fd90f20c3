"""The count of tables waiting for the person, for the header and the page title.

A context processor that costs nothing until a template shows the count, then one query: the
tables in play waiting for the person to play (on the ``seat_user_to_play`` index, since
``Seat.to_play`` is kept by the game services) together with the invitations they may still
answer (tables forming where they have no seat).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.models import GameStatus, Seat
from games.services.tables import pending_invitations


def tables_waiting_count(user: object) -> int:
    """How many tables wait for ``user``: to play, or to answer an invitation (0 for a visitor)."""
    if not isinstance(user, User) or not user.is_authenticated:
        return 0
    to_play = Seat.objects.filter(user=user, to_play=True, game__status=GameStatus.PLAYING)
    invited = pending_invitations(user)
    # One query: a table is either in play or forming, so the two lists never share a table.
    both = (
        to_play.order_by().values("game_id").union(invited.order_by().values("game_id"), all=True)
    )
    return both.count()


def tables_waiting(request: HttpRequest) -> dict[str, object]:
    """``{{ tables_waiting }}``: the count, worked out the first time a template uses it."""
    user = getattr(request, "user", None)
    return {"tables_waiting": SimpleLazyObject(lambda: tables_waiting_count(user))}
