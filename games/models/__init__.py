"""Every model of the games app, one module per idea, all re-exported here for Django and callers.

- ``table``: tables, seats, the append-only action log, placed pieces and invitations.
- ``chat``: table talk, mutes and blocks.
- ``outbox``: the e-mail the site owes someone.
- ``ratings``: a person's numbers per pool and what each finished table did to them.
- ``challenge``: the weekly challenge's deal and window.
- ``heartbeat``: each worker queue's last sign of life.
- ``learn``: each person's tutorial table.
- ``review``: the expert's reviews of finished games, and the hints asked for at solo tables.

Each module imports only Django (and its siblings by the ``"games.Model"`` string), so any layer
above may import any of them.
"""

from games.models.challenge import Challenge
from games.models.chat import Block, Message, Mute
from games.models.heartbeat import Heartbeat
from games.models.learn import Tutorial
from games.models.outbox import Kind, OutboxMessage, Status
from games.models.ratings import Rating, RatingChange, RatingPool
from games.models.review import Hint, Review, ReviewedDecision, ReviewStatus
from games.models.table import (
    Action,
    ActionSource,
    Game,
    GameStatus,
    GameVariant,
    Invitation,
    PieceKind,
    PlacedPiece,
    RoundTime,
    Seat,
    SeatKind,
    new_invite_token,
    new_seed,
)

__all__ = [
    "Action",
    "ActionSource",
    "Block",
    "Challenge",
    "Game",
    "GameStatus",
    "GameVariant",
    "Heartbeat",
    "Hint",
    "Invitation",
    "Kind",
    "Message",
    "Mute",
    "OutboxMessage",
    "PieceKind",
    "PlacedPiece",
    "Rating",
    "RatingChange",
    "RatingPool",
    "Review",
    "ReviewStatus",
    "ReviewedDecision",
    "RoundTime",
    "Seat",
    "SeatKind",
    "Status",
    "Tutorial",
    "new_invite_token",
    "new_seed",
]
