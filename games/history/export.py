"""A finished game as one JSON document: enough to replay and re-score it anywhere.

The format (``"format": "tipperary-game"``, ``"version": 1``) is described in the README; like
PGN for chess, it is the seed plus the log of moves in the engine's notation.
"""

from __future__ import annotations

from typing import Any

from games.access import TableAccess
from games.models import Action

FORMAT = "tipperary-game"
VERSION = 2  # 2: the round time is given in minutes (round_minutes), live speeds having come


def export_game(access: TableAccess) -> dict[str, Any]:
    """The document of a finished table (the caller checks that it is finished). One query:
    the log."""
    game = access.game
    log = Action.objects.filter(game=game).order_by("seq")
    return {
        "format": FORMAT,
        "version": VERSION,
        "table": game.pk,
        "seed": game.seed,
        "options": {
            "players": len(access.seats),
            "variant": game.variant,
            "round_minutes": game.round_minutes,
            "open": game.is_open,
            "rated": game.rated,
            "allow_vacation": game.allow_vacation,
        },
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "players": [
            {"seat": seat.position, "name": seat.name, "kind": seat.kind, "bot": seat.bot or None}
            for seat in access.seats
        ],
        "actions": [
            {
                "seq": action.seq,
                "round": action.round,
                "seat": action.seat,
                "notation": action.notation,
                "source": action.source,
                "time": action.created_at.isoformat(),
            }
            for action in log
        ],
        "scores": [
            {"seat": seat.position, "rank": seat.rank, "score": seat.score} for seat in access.seats
        ],
    }
