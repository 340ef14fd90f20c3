"""Why a service refused: every message is written for the player who sees it."""

from __future__ import annotations


class GameError(ValueError):
    """A request that cannot be carried out; nothing was changed."""


class NotAllowed(GameError):
    """The person may not do this at this table."""


class StaleVersion(GameError):
    """The board changed since the page was loaded (a double click, or another tab)."""

    def __init__(self, current: int) -> None:
        super().__init__("The table changed since you loaded it; here is the board as it is now.")
        self.current = current
