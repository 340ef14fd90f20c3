"""What a viewer's page polls for: an opaque token of what that viewer may see of a table.

A token has two halves: the *table* half covers what every viewer sees (``Game.version``), the
*own* half what only the viewer's seat sees (its ``step`` and autopilot standing). Neither is a
count of actions, so a token never tells a neighbour's hidden move (R4.2); the poll compares
halves to re-render only what changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.crypto import salted_hmac

from games.models import Game, GameStatus, Seat

_SALT = "games.live"
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


def token_for(game_id: int, version: int, status: str, seat: Seat | None) -> Token:
    """The token of a viewer with ``seat`` (None for a spectator) at the table as it is."""
    own = "-" if seat is None else _half(seat.pk, seat.step, seat.absent, seat.autopilot_streak)
    return Token(_half(game_id, version, status), own)


def current_token(game_id: int, user_id: int) -> tuple[Token, bool] | None:
    """The viewer's current token and whether it may be answered without an access check.

    One query. None when the table does not exist. Seated people may always see their table;
    a spectator only an open one (others go through the full access check).
    """
    seat = (
        Seat.objects.filter(game_id=game_id, user_id=user_id)
        .select_related("game")
        .only("step", "absent", "autopilot_streak", "game__version", "game__status")
        .first()
    )
    if seat is not None:
        return token_for(game_id, seat.game.version, seat.game.status, seat), True
    game = Game.objects.filter(pk=game_id).values_list("version", "status", "is_open").first()
    if game is None:
        return None
    version, status, is_open = game
    return token_for(game_id, version, status, None), is_open


def is_live(status: str) -> bool:
    """Whether a table still changes, so its pages poll."""
    return status in (GameStatus.FORMING, GameStatus.PLAYING)
