"""The count of tables waiting for the person, for the header and the page title.

A context processor that costs nothing until a template shows the count, then one query: the
tables in play waiting for the person to play (on the ``seat_user_to_play`` index, since
``Seat.to_play`` is kept by the game services) together with the invitations they may still
answer (tables forming where they have no seat, as ``pending_invitations`` lists them).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.models import Game, GameStatus, Invitation, Seat

_GAME, _SEAT, _INVITATION = (m._meta.db_table for m in (Game, Seat, Invitation))

#: The count as one SQL expression with the parameters ``user``, ``playing`` and ``forming``
#: (see ``waiting_params``), so the game page can ask for it in the same query as its token.
#: Written in SQL, not built by the ORM: it runs on almost every page, and composing it in the
#: ORM costs more than running it. A table is either in play or forming, so the two never
#: count one table twice.
_MOVES_SQL = f"""
    SELECT COUNT(*) FROM {_SEAT} ws JOIN {_GAME} wg ON wg.id = ws.game_id
    WHERE ws.user_id = %(user)s AND ws.to_play AND wg.status = %(playing)s
"""
_INVITATIONS_SQL = f"""
    SELECT COUNT(*) FROM {_INVITATION} wi JOIN {_GAME} fg ON fg.id = wi.game_id
    WHERE wi.invitee_id = %(user)s AND fg.status = %(forming)s
      AND NOT EXISTS (
          SELECT 1 FROM {_SEAT} fs WHERE fs.game_id = wi.game_id AND fs.user_id = %(user)s
      )
"""
TABLES_WAITING_SQL = f"SELECT ({_MOVES_SQL}) + ({_INVITATIONS_SQL})"
#: The same two counts apart, for the pages that name them (an invitation is no move).
_WAITING_APART_SQL = f"SELECT ({_MOVES_SQL}), ({_INVITATIONS_SQL})"


def waiting_params(user_id: int) -> dict[str, int | str]:
    """The parameters of ``TABLES_WAITING_SQL`` for the person ``user_id``."""
    return {
        "user": user_id,
        "playing": GameStatus.PLAYING.value,
        "forming": GameStatus.FORMING.value,
    }


@dataclass(frozen=True)
class Waiting:
    """What waits for a person: tables where it is their move, and invitations to answer."""

    moves: int = 0
    invitations: int = 0

    @property
    def total(self) -> int:
        return self.moves + self.invitations


def waiting_for(user: object) -> Waiting:
    """The person's :class:`Waiting` counts, in one query (nothing for a visitor)."""
    if not isinstance(user, User) or not user.is_authenticated:
        return Waiting()
    with connection.cursor() as cursor:
        cursor.execute(_WAITING_APART_SQL, waiting_params(user.pk))
        moves, invitations = cursor.fetchone()
    return Waiting(int(moves), int(invitations))


def tables_waiting_count(user: object) -> int:
    """How many tables wait for ``user``: to play, or to answer an invitation (0 for a visitor)."""
    return waiting_for(user).total


def tables_waiting(request: HttpRequest) -> dict[str, object]:
    """``{{ tables_waiting }}`` (the count) and ``{{ waiting }}`` (its two parts), worked out
    together the first time a template uses either."""
    user = getattr(request, "user", None)
    counts = functools.cache(lambda: waiting_for(user))
    return {
        "tables_waiting": SimpleLazyObject(lambda: counts().total),
        "waiting": SimpleLazyObject(counts),
    }
