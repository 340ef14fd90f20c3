"""When a game may be reviewed: the one rule every page and the worker ask."""

from __future__ import annotations

from datetime import datetime

from games.models import Game, GameStatus


def reviewable(game: Game, now: datetime) -> bool:
    """A review tells every move of a seat, so it exists only once nothing is hidden: the game
    is over, and a weekly challenge entry's week has ended (other entrants still play its deal).
    """
    if game.status != GameStatus.FINISHED:
        return False
    return game.challenge is None or game.challenge.is_over(now)
