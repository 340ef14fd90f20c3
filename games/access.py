"""Who may see a table: one helper that 404s outsiders, used by every view of a game."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.http import Http404
from django.shortcuts import get_object_or_404

from games.models import Game, Seat


@dataclass(frozen=True)
class TableAccess:
    """A table as one person sees it: the game, every seat, and their own seat if any."""

    game: Game
    seats: list[Seat]
    mine: Seat | None

    @property
    def position(self) -> int | None:
        return None if self.mine is None else self.mine.position


def table_for(user: User, game_id: int, *, invited_by_link: bool = False) -> TableAccess:
    """The table if ``user`` may see it: open tables to everyone logged in, invite-only
    tables to their players and invitees. Two queries: the game and its seats with names."""
    game = get_object_or_404(Game, pk=game_id)
    seats = list(game.seats.select_related("user__profile").order_by("position"))
    mine = next((s for s in seats if s.user_id == user.pk), None)
    outsider = not game.is_open and mine is None and not invited_by_link
    if outsider and not game.invitations.filter(invitee=user).exists():
        raise Http404("No such table.")
    return TableAccess(game, seats, mine)
