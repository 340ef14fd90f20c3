"""Every model of the games app, one module per idea, all re-exported here for Django and callers.

- ``table``: tables, seats, the append-only action log, placed pieces and invitations.
- ``chat``: table talk, mutes and blocks.
- ``outbox``: the e-mail the site owes someone.
- ``ratings``: a person's numbers per pool and what each finished table did to them.
- ``challenge``: the weekly challenge's deal and window.
- ``tournaments``: events, their entrants (each round's tables are games).
- ``heartbeat``: each worker queue's last sign of life.
- ``matchmaking``: the "Play now" queue.
- ``push``: the devices a person receives push notifications on.
- ``learn``: each person's tutorial table.
- ``review``: the expert's reviews of finished games, and the hints asked for at solo tables.

Each module imports only Django (and its siblings by the ``"games.Model"`` string), so any layer
above may import any of them.
"""

from games.models.challenge import Challenge
from games.models.chat import Block, Message, Mute
from games.models.heartbeat import Heartbeat
from games.models.learn import Tutorial
from games.models.matchmaking import PlayerCount, QueueEntry
from games.models.outbox import Channel, Kind, OutboxMessage, Status
from games.models.push import PushSubscription
from games.models.ratings import Rating, RatingChange, RatingPool
from games.models.review import Hint, Review, ReviewedDecision, ReviewStatus
from games.models.table import (
    BOT_LEVEL_NAMES,
    LIVE_UP_TO_MINUTES,
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
from games.models.tournaments import Entrant, Tournament, TournamentFormat, TournamentStatus

__all__ = [
    "BOT_LEVEL_NAMES",
    "LIVE_UP_TO_MINUTES",
    "Action",
    "ActionSource",
    "Block",
    "Challenge",
    "Channel",
    "Entrant",
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
    "PlayerCount",
    "PushSubscription",
    "QueueEntry",
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
    "Tournament",
    "TournamentFormat",
    "TournamentStatus",
    "Tutorial",
    "new_invite_token",
    "new_seed",
]
