"""What a viewer's page polls for: an opaque token of what that viewer may see of a table.

A token has two halves: the *table* half covers what every viewer sees (``Game.version``), the
*own* half what only the viewer's seat sees (its ``step`` and autopilot standing). Neither is a
count of actions, so a token never tells a neighbour's hidden move (R4.2); the poll compares
halves to re-render only what changed.

The token is also what lets the poll answer "nothing changed" cheaply: only someone who was
shown the page knows it, so a poll carrying the current token is answered 204 before the session
and the person are read (an unknown or stale token gets the full check), from the token kept in
Redis (``games.streams.tokens``) or, when none is kept, from one query here.

The query is written in SQL: ``make bench`` measures a poll that reads the database with it and
with the same one query built by the ORM (row "poll_sql: share of the poll saved"; a quarter to
a half of such a poll on this machine), and it stays while that share is 10 % or more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.db import connection
from django.utils.crypto import salted_hmac

from games.models import Game, Seat
from games.waiting import TABLES_WAITING_SQL, waiting_params

_SALT = "games.page.live"
_HALF = 12  # hex characters per half


def _half(*parts: object) -> str:
    return salted_hmac(_SALT, ":".join(map(str, parts)), algorithm="sha256").hexdigest()[:_HALF]


@dataclass(frozen=True)
class Token:
    """A viewer's token: ``table`` + ``own``, shown to the browser as one opaque string."""

    table: str
    own: str

    def __str__(self) -> str:
        return self.table + self.own

    @classmethod
    def parse(cls, text: str) -> Token | None:
        """The token a page sent back, or None for anything that is not one."""
        if len(text) != 2 * _HALF or any(c not in "0123456789abcdef" for c in text):
            return None
        return cls(text[:_HALF], text[_HALF:])


class _Standing(NamedTuple):
    """What a token covers: the table as every viewer sees it, and the viewer's seat if any."""

    game_id: int
    version: int
    status: str
    round: int
    round_complete: bool
    seat_id: int | None
    step: int
    absent: bool
    streak: int

    def token(self) -> Token:
        """The own half also covers the game's round and whether it is complete, so a page
        drawn from a game row read just before the round advanced (and seats read just after)
        still sees the new round as a change of its own."""
        table = _half(self.game_id, self.version, self.status)
        if self.seat_id is None:
            return Token(table, "0" * _HALF)
        own = _half(
            self.seat_id, self.step, self.absent, self.streak, self.round, self.round_complete
        )
        return Token(table, own)


def token_for(game: Game, seat: Seat | None) -> Token:
    """The token of a viewer with ``seat`` (None for a spectator) at ``game`` as it is."""
    return _Standing(
        game.pk,
        game.version,
        game.status,
        game.round,
        game.round_complete,
        seat.pk if seat else None,
        seat.step if seat else 0,
        seat.absent if seat else False,
        seat.autopilot_streak if seat else 0,
    ).token()


class Current(NamedTuple):
    """A viewer's token as the table stands, whether they may see it without a full access
    check (seated, or an open table), the table's status, and (when asked for) the count of
    tables waiting for them."""

    token: Token
    trusted: bool
    status: str
    waiting: int | None = None


# The table and the viewer's seat at it, if any, in one row. Written in SQL, not built by the
# ORM: this runs for every poll and every cached page, and composing the query in the ORM costs
# more than running it.
_CURRENT_SQL = f"""
    SELECT g.id, g.version, g.status, g.round, g.round_complete, g.is_open,
           s.id, s.step, s.absent, s.autopilot_streak{{waiting}}
    FROM {Game._meta.db_table} g
    LEFT JOIN {Seat._meta.db_table} s ON s.game_id = g.id AND s.user_id = %(user)s
    WHERE g.id = %(game)s
"""


def current_token(game_id: int, user_id: int, *, waiting: bool = False) -> Current | None:
    """The viewer's current token; one query. None when the table does not exist.

    Seated people may always see their table; a spectator only an open one without the full
    access check (invitees go through it). With ``waiting``, the same query also counts the
    tables waiting for the viewer (the header's count).
    """
    extra = f", ({TABLES_WAITING_SQL})" if waiting else ""
    with connection.cursor() as cursor:
        cursor.execute(
            _CURRENT_SQL.format(waiting=extra),
            {**waiting_params(user_id), "game": game_id},
        )
        row = cursor.fetchone()
    if row is None:
        return None
    game_id, version, status, round_, complete, is_open, seat_id, step, absent, streak = row[:10]
    standing = _Standing(
        game_id, version, status, round_, complete, seat_id, step or 0, bool(absent), streak or 0
    )
    seated = seat_id is not None
    return Current(standing.token(), seated or is_open, status, row[10] if waiting else None)


@dataclass(frozen=True)
class Tokens:
    """Every viewer's token at a table as it stands, for the streams: one read serves every
    open page of the table, whoever looks."""

    status: str
    is_open: bool
    #: By person seated: their token and their seat's position.
    seated: dict[int, tuple[Token, int]]
    spectator: Token

    def token(self, user_id: int) -> Token:
        """The token of the viewer ``user_id`` (a spectator's when they have no seat)."""
        mine = self.seated.get(user_id)
        return mine[0] if mine else self.spectator

    def trusted(self, user_id: int) -> bool:
        """Whether the viewer may see the table without the full access check (as the poll)."""
        return user_id in self.seated or self.is_open

    def positions(self, user_ids: set[int]) -> list[int]:
        """The positions of the seats of ``user_ids``, in seat order."""
        return sorted(self.seated[user][1] for user in user_ids if user in self.seated)


_TABLE_SQL = f"""
    SELECT g.id, g.version, g.status, g.round, g.round_complete, g.is_open,
           s.id, s.user_id, s.position, s.step, s.absent, s.autopilot_streak
    FROM {Game._meta.db_table} g
    LEFT JOIN {Seat._meta.db_table} s ON s.game_id = g.id AND s.user_id IS NOT NULL
    WHERE g.id = %(game)s
"""


def tokens_of(game_id: int) -> Tokens | None:
    """Every viewer's token at the table ``game_id``; one query. None when it does not exist."""
    with connection.cursor() as cursor:
        cursor.execute(_TABLE_SQL, {"game": game_id})
        rows = cursor.fetchall()
    if not rows:
        return None
    game_id, version, status, round_, complete, is_open = rows[0][:6]
    seated = {}
    for seat_id, user_id, position, step, absent, streak in (row[6:] for row in rows):
        if seat_id is not None:
            standing = _Standing(
                game_id, version, status, round_, complete, seat_id, step, absent, streak
            )
            seated[user_id] = (standing.token(), position)
    spectator = _Standing(game_id, version, status, round_, complete, None, 0, False, 0)
    return Tokens(status, is_open, seated, spectator.token())


_MINE_SQL = f"""
    SELECT g.id, g.version, g.status, s.step, s.to_play, ({TABLES_WAITING_SQL})
    FROM {Seat._meta.db_table} s JOIN {Game._meta.db_table} g ON g.id = s.game_id
    WHERE s.user_id = %(user)s AND g.status IN (%(playing)s, %(forming)s)
    UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, ({TABLES_WAITING_SQL})
    ORDER BY 1
"""


class Mine(NamedTuple):
    """The token of a person's "Your games" (what their tables in play or forming show them,
    and the count of tables waiting for them), those tables, and that count."""

    token: Token
    tables: list[int]
    waiting: int


def mine_token(user_id: int) -> Mine:
    """The person's "Your games" as it stands; one query."""
    with connection.cursor() as cursor:
        cursor.execute(_MINE_SQL, waiting_params(user_id))
        rows = cursor.fetchall()
    tables = [row[0] for row in rows if row[0] is not None]
    text = _half(user_id, *(value for row in rows for value in row))
    return Mine(Token(text, "0" * _HALF), tables, rows[0][5])
