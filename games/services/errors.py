"""Why a service refused: every message is written for the player who sees it."""

from __future__ import annotations


class GameError(ValueError):
    """A request that cannot be carried out; nothing was changed."""


class NotAllowed(GameError):
    """The person may not do this at this table."""


class StaleTurn(GameError):
    """The player's own turn moved on since their page was drawn: a double click, another tab,
    the autopilot, or a new round. Other players' moves never cause it."""

    def __init__(
        self, current: int, *, new_round: int | None = None, kept: str = "nothing was placed"
    ) -> None:
        if new_round is not None:
            why = f"Round {new_round} has begun since this page was drawn"
        else:
            why = (
                "Your turn moved on since this page was drawn (in another tab, or the "
                "autopilot played it)"
            )
        super().__init__(f"{why}. Here it is as it is now; {kept}.")
        self.current = current
