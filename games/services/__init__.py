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
from games.services.deadlines import sweep_live as sweep_live_deadlines
from games.services.departures import depart
from games.services.errors import GameError, NotAllowed, StaleTurn
from games.services.tables import (
    create_game,
    decline_invitation,
    game_for_invite,
    invitations_pending_at,
    invite_link_opens,
    invite_player,
    invite_token,
    join_game,
    leave_game,
    pending_invitations,
    revoke_invite_link,
    start_game,
    withdraw_invitation,
)
from games.services.turns import (
    Played,
    advance_complete_games,
    advance_round,
    submit_action,
)
from games.services.undo import undo_turn

__all__ = [
    "GameError",
    "NotAllowed",
    "Played",
    "StaleTurn",
    "Swept",
    "advance_complete_games",
    "advance_round",
    "close_forgotten_table",
    "create_game",
    "decline_invitation",
    "depart",
    "expected_finish",
    "game_for_invite",
    "invitations_pending_at",
    "invite_link_opens",
    "invite_player",
    "invite_token",
    "join_game",
    "leave_game",
    "pending_invitations",
    "play_overdue",
    "play_waiting_seats",
    "revoke_invite_link",
    "start_game",
    "submit_action",
    "sweep_deadlines",
    "sweep_live_deadlines",
    "take_seat_back",
    "undo_turn",
    "withdraw_invitation",
]
