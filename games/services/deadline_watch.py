"""A live table's deadline kept to the second: the autopilot is called for the very moment.

Slow tables are served by the minute sweep (:mod:`games.services.deadlines`). A live round
lasts a few minutes, so as each one begins the worker is sent ``games.play_overdue`` to run at
its deadline; the sweep of live tables every few seconds makes good a message that was lost
or late. Either may come first, or both: the game row's lock and its deadline decide, so each
missing turn is played once.
"""

from __future__ import annotations

from games.models import Game, GameStatus
from tipperary_site.enqueue import enqueue


def watch_deadline(game: Game) -> None:
    """A round (or the towers step) of ``game`` has just begun: if the table is live, have the
    autopilot called at its deadline (enqueued after commit)."""
    if game.status != GameStatus.PLAYING or not game.is_live or game.round_deadline is None:
        return
    enqueue("games.play_overdue", game.pk, eta=game.round_deadline)
