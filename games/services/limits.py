"""Limits that keep one person from flooding others: forming tables and invitations.

Each check runs inside the service's transaction with the host's own row locked, so parallel
requests of one host are counted one after the other and never slip past a limit together.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.utils.translation import ngettext

from games.models import Game, GameStatus, Invitation
from games.services.errors import GameError
from games.services.record import lock_person

#: Tables one host may have waiting for players at once.
FORMING_TABLES_PER_HOST = 5
#: Invitations one host may send in an hour.
INVITATIONS_PER_HOUR = 20


def check_table_allowed(host: User) -> None:
    """Refuse a new table while the host already has the most allowed waiting for players."""
    lock_person(host.pk)
    forming = Game.objects.filter(host=host, status=GameStatus.FORMING).count()
    if forming >= FORMING_TABLES_PER_HOST:
        raise GameError(
            ngettext(
                "You already host %(count)d table waiting for players. Start or leave it "
                "before opening another.",
                "You already host %(count)d tables waiting for players. Start or leave one of "
                "them before opening another.",
                forming,
            )
            % {"count": forming}
        )


def check_invitation_allowed(host: User, now: datetime) -> None:
    """Refuse an invitation past the hourly limit of the host."""
    lock_person(host.pk)
    recent = Invitation.objects.filter(
        game__host=host, created_at__gt=now - timedelta(hours=1)
    ).count()
    if recent >= INVITATIONS_PER_HOUR:
        raise GameError(
            ngettext(
                "You have sent %(count)d invitation in the last hour, the most allowed. "
                "Please wait a while before inviting more players.",
                "You have sent %(count)d invitations in the last hour, the most allowed. "
                "Please wait a while before inviting more players.",
                recent,
            )
            % {"count": recent}
        )
