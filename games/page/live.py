"""What a viewer's page polls for: an opaque token of what that viewer may see of a table.

A token has two halves: the *table* half covers what every viewer sees (``Game.version``), the
*own* half what only the viewer's seat sees (its ``step`` and autopilot standing). Neither is a
count of actions, so a token never tells a neighbour's hidden move (R4.2); the poll compares
halves to re-render only what changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.utils.crypto import salted_hmac

from games.models import Game, Seat

_SALT = "games.page.live"
_HALF = 12  # hex characters per half
_SEAT_FIELDS = ("step", "absent", "autopilot_streak")
_GAME_FIELDS = ("version", "status", "round", "round_complete")


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


def token_for(game: Game, seat: Seat | None) -> Token:
    """The token of a viewer with ``seat`` (None for a spectator) at ``game`` as it is.

    The own half also covers the game's round and whether it is complete, so a page drawn from
    a game row read just before the round advanced (and seats read just after) still sees the
    new round as a change of its own.
    """
    table = _half(game.pk, game.version, game.status)
    if seat is None:
        return Token(table, "0" * _HALF)
    own = _half(
        seat.pk, seat.step, seat.absent, seat.autopilot_streak, game.round, game.round_complete
    )
    return Token(table, own)


class Current(NamedTuple):
    """A viewer's token as the table stands, whether they may see it without a full access
    check (seated, or an open table), and the table's status."""

    token: Token
    trusted: bool
    status: str


def current_token(game_id: int, user_id: int) -> Current | None:
    """The viewer's current token; one query. None when the table does not exist.

    Seated people may always see their table; a spectator only an open one without the full
    access check (invitees go through it).
    """
    seat = (
        Seat.objects.filter(game_id=game_id, user_id=user_id)
        .select_related("game")
        .only(*_SEAT_FIELDS, *(f"game__{name}" for name in _GAME_FIELDS))
        .first()
    )
    if seat is not None:
        return Current(token_for(seat.game, seat), True, seat.game.status)
    game = Game.objects.filter(pk=game_id).only(*_GAME_FIELDS, "is_open").first()
    if game is None:
        return None
    return Current(token_for(game, None), game.is_open, game.status)
