"""Why a service refused: every message is written for the player who sees it."""

from __future__ import annotations

from django.utils.translation import gettext as _


class GameError(ValueError):
    """A request that cannot be carried out; nothing was changed."""


class NotAllowed(GameError):
    """The person may not do this at this table."""


class StaleTurn(GameError):
    """The player's own turn moved on since their page was drawn: a double click, another tab,
    the autopilot, or a new round. Other players' moves never cause it."""

    def __init__(self, current: int, *, new_round: int | None = None, undo: bool = False) -> None:
        # Each case is one whole sentence to translate: what moved on, and what was not done.
        if new_round is not None:
            if undo:
                why = _(
                    "Round %(round)d has begun since this page was drawn. Here it is as it is "
                    "now; nothing was taken back."
                )
            else:
                why = _(
                    "Round %(round)d has begun since this page was drawn. Here it is as it is "
                    "now; nothing was placed."
                )
        elif undo:
            why = _(
                "Your turn moved on since this page was drawn (in another tab, or the autopilot "
                "played it). Here it is as it is now; nothing was taken back."
            )
        else:
            why = _(
                "Your turn moved on since this page was drawn (in another tab, or the autopilot "
                "played it). Here it is as it is now; nothing was placed."
            )
        super().__init__(why % {"round": new_round} if new_round is not None else why)
        self.current = current
