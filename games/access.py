"""What a viewer may know of the tables: the one lens every page, fragment, statistic, mail,
JSON document and admin list reads game data through.

- A table: an open one to everyone logged in; an invite-only one to its seated players, and to
  people with a pending invitation (or the host's link) only while it is still forming.
- Statistics and lists about a person: only tables the viewer may know of (an invite-only
  table counts only for viewers who sat at it) and only rounds that are over (R4.2: a round
  in play tells nobody but the acting seat what was played).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Exists, F, OuterRef, Q
from django.http import Http404
from django.utils.translation import gettext as _

from accounts.models import Profile
from games.models import Game, GameStatus, Seat
from games.waiting import TABLES_WAITING_SQL, waiting_params
from tipperary_site.rows import Columns

Viewer = User | AnonymousUser


@dataclass(frozen=True)
class TableAccess:
    """A table as one person sees it: the game, every seat, and their own seat if any."""

    game: Game
    seats: list[Seat]
    mine: Seat | None
    #: How many tables wait for the viewer (games.waiting), when the read counted them.
    waiting: int | None = None

    @property
    def position(self) -> int | None:
        return None if self.mine is None else self.mine.position


def table_for(
    user: User, game_id: int, *, invited_by_link: bool = False, count_waiting: bool = False
) -> TableAccess:
    """The table if ``user`` may see it (see the module's rules); 404 otherwise. Two queries
    (the game and its seats with names), a third for an invite-only table's invitation. With
    ``count_waiting``, the game's query also counts the tables waiting for ``user`` (the
    header's count, which a page or a fragment drawing the whole game shows)."""
    found = read_table(game_id, waiting_for=user.pk if count_waiting else None)
    if found is None:  # the same answer as an invite-only table's: neither tells
        raise Http404(_("No such table."))
    game, seats, waiting = found
    mine = next((s for s in seats if s.user_id == user.pk), None)
    outsider = not game.is_open and mine is None
    if outsider and not _invited_while_forming(game, user, invited_by_link):
        raise Http404(_("No such table."))
    return TableAccess(game, seats, mine, waiting)


_GAME, _SEAT = Columns(Game, "g"), Columns(Seat, "s")
_USER, _PROFILE = Columns(User, "u"), Columns(Profile, "p")


@cache
def _statements() -> tuple[str, str, str]:
    """The game by its id (and with the count of tables waiting for a person); its seats in
    order, each with its person and their profile."""
    game = f"SELECT {_GAME.select} FROM {_GAME.table} WHERE g.id = %(game)s"
    counted = (
        f"SELECT {_GAME.select}, ({TABLES_WAITING_SQL}) FROM {_GAME.table} WHERE g.id = %(game)s"
    )
    seats = (
        f"SELECT {_SEAT.select}, {_USER.select}, {_PROFILE.select} FROM {_SEAT.table}"
        f" LEFT JOIN {_USER.table} ON u.id = s.user_id"
        f" LEFT JOIN {_PROFILE.table} ON p.user_id = u.id"
        f" WHERE s.game_id = %s ORDER BY s.position"
    )
    return game, counted, seats


def read_table(
    game_id: int, *, waiting_for: int | None = None
) -> tuple[Game, list[Seat], int | None] | None:
    """The game and its seats with their people and profiles (as ``select_related`` would
    have them: nothing more is read to reach a seat's person or their profile), and with
    ``waiting_for`` (a person's id) how many tables wait for that person. Two queries, written
    once (tipperary_site.rows): the ORM spent longer composing them than the database
    answering.

    Unlike ``select_related``, a profile does not point back at its person (nothing drawn
    from a table goes that way): a person and their profile pointing at each other are a
    reference cycle, which only Python's cycle collector frees, and a request reads a table
    or two."""
    game_sql, counted_sql, seats_sql = _statements()
    with connection.cursor() as cursor:
        if waiting_for is None:
            cursor.execute(game_sql, {"game": game_id})
        else:
            cursor.execute(counted_sql, {**waiting_params(waiting_for), "game": game_id})
        row = cursor.fetchone()
        if row is None:
            return None
        game = _GAME.build(row[: _GAME.width])
        waiting = None if waiting_for is None else int(row[_GAME.width])
        cursor.execute(seats_sql, [game_id])
        rows = cursor.fetchall()
    seats = []
    user_at, profile_at = _SEAT.width, _SEAT.width + _USER.width
    for row in rows:
        seat = _SEAT.build(row[:user_at])
        Seat.game.field.set_cached_value(seat, game)
        user = None if row[user_at] is None else _USER.build(row[user_at:profile_at])
        Seat.user.field.set_cached_value(seat, user)
        if user is not None:
            profile = None if row[profile_at] is None else _PROFILE.build(row[profile_at:])
            User.profile.related.set_cached_value(user, profile)
        seats.append(seat)
    return game, seats, waiting


def _invited_while_forming(game: Game, user: User, by_link: bool) -> bool:
    """An invitation (or the link) opens an invite-only table only until it starts: once it
    plays, a person who never took their seat is an outsider like any other."""
    if game.status != GameStatus.FORMING:
        return False
    return by_link or game.invitations.filter(invitee=user).exists()


def tables_known_to(viewer: Viewer) -> Q:
    """The rows (through their ``game`` relation) whose table ``viewer`` may know of: open
    tables, and invite-only ones the viewer sat at. For lists and counts about a person."""
    shown = Q(game__is_open=True)
    if viewer.is_authenticated:
        shown |= Q(Exists(Seat.objects.filter(game=OuterRef("game_id"), user_id=viewer.pk)))
    return shown


def rounds_over() -> Q:
    """Log entries (``Action`` rows) of rounds that are over: every round of a table that is
    no longer in play, and the rounds before the current one of a table in play."""
    return ~Q(game__status=GameStatus.PLAYING) | Q(round__lt=F("game__round"))
