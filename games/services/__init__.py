"""The only code that writes game state. Each service is one transaction on a locked game row."""

from games.services.bots import play_waiting_seats
from games.services.deadlines import (
    Swept,
    close_forgotten_table,
    expected_finish,
    play_overdue,
    take_seat_back,
)
from games.services.deadlines import sweep as sweep_deadlines
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
    "Swept",
    "advance_complete_games",
    "advance_round",
    "close_forgotten_table",
    "create_game",
    "expected_finish",
    "game_for_invite",
    "invite_player",
    "invite_token",
    "join_game",
    "leave_game",
    "play_overdue",
    "play_waiting_seats",
    "refresh_seats",
    "revoke_invite_link",
    "start_game",
    "submit_action",
    "sweep_deadlines",
    "take_seat_back",
]
