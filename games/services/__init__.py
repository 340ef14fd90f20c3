"""The only code that writes game state. Each service is one transaction on a locked game row."""

from games.services.errors import GameError, NotAllowed, StaleVersion
from games.services.tables import (
    create_game,
    game_for_invite,
    invite_player,
    invite_token,
    join_game,
    leave_game,
    revoke_invite_link,
    start_game,
)
from games.services.turns import (
    Played,
    advance_complete_games,
    advance_round,
    refresh_seats,
    submit_action,
)

__all__ = [
    "GameError",
    "NotAllowed",
    "Played",
    "StaleVersion",
    "advance_complete_games",
    "advance_round",
    "create_game",
    "game_for_invite",
    "invite_player",
    "invite_token",
    "join_game",
    "leave_game",
    "refresh_seats",
    "revoke_invite_link",
    "start_game",
    "submit_action",
]
