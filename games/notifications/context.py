"""The count of tables waiting for the person, for the header and the page title.

A context processor that costs nothing until a template shows the count, then one query on the
``seat_user_to_play`` index: ``Seat.to_play`` is kept by the game services.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.models import GameStatus, Seat


def tables_waiting_count(user: object) -> int:
    """How many tables in play wait for ``user`` to play (0 for a visitor)."""
    if not isinstance(user, User) or not user.is_authenticated:
        return 0
    return Seat.objects.filter(user=user, to_play=True, game__status=GameStatus.PLAYING).count()


def tables_waiting(request: HttpRequest) -> dict[str, object]:
    """``{{ tables_waiting }}``: the count, worked out the first time a template uses it."""
    user = getattr(request, "user", None)
    return {"tables_waiting": SimpleLazyObject(lambda: tables_waiting_count(user))}
