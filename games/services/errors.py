"""Why a service refused: every message is written for the player who sees it."""

from __future__ import annotations


class GameError(ValueError):
    """A request that cannot be carried out; nothing was changed."""


class NotAllowed(GameError):
    """The person may not do this at this table."""


class StaleTurn(GameError):
    """The player's own turn moved on since their page was drawn: a double click, another tab,
    the autopilot, or a new round. Other players' moves never cause it."""

    def __init__(self, current: int) -> None:
        super().__init__(
            "Your turn moved on since this page was drawn (in another tab, by the autopilot, "
            "or a new round began). Here it is as it is now; nothing was placed."
        )
        self.current = current
