"""When a game may be reviewed, and when its player may ask the expert for hints: the rules
every page, service and the worker ask."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from games.models import Game, GameStatus, Seat, SeatKind


def reviewable(game: Game, now: datetime) -> bool:
    """A review tells every move of a seat, so it exists only once nothing is hidden: the game
    is over, and a weekly challenge entry's week has ended (other entrants still play its deal).
    """
    if game.status != GameStatus.FINISHED:
        return False
    return game.challenge is None or game.challenge.is_over(now)


def hints_allowed(game: Game, seats: Sequence[Seat]) -> bool:
    """The expert's hints are for practice: an unrated table in play where one person sits with
    bots only, never a weekly challenge (everyone there plays the same deal for a rank)."""
    people = [s for s in seats if s.kind == SeatKind.PERSON]
    return (
        game.status == GameStatus.PLAYING
        and not game.rated
        and game.challenge_id is None
        and len(people) == 1
    )
