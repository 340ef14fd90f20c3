"""A person leaves the site for good: nobody waits for them, and no table is left without a host.

Told by ``accounts.signals.account_closing``, in the transaction that deletes their account
before the user row goes (their seats then stay as "former player"):

- at a table in play their seat is absent at once, so the autopilot plays it from now on; if
  the round is waiting on it, the seat is played straight away (by the worker, after commit);
- at a forming table their seat is freed as if they had left (the host's role passes on, an
  empty table closes);
- their invitations to forming tables go, so hosts stop counting on them.

Their unfinished challenge entry was withdrawn just before (``games.challenge.entries``), so
the autopilot never finishes it and ranks it among the week's results.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games.models import Game, GameStatus, Invitation, Seat
from games.services.bots import round_started
from games.services.record import locked_game, publish
from games.services.tables import leave_game


def hand_to_autopilot(game: Game, seat: Seat) -> None:
    """The autopilot plays ``seat`` (at ``game``, in play and locked by the caller) from now to
    the end of the table; a turn the round is waiting on is played by the worker at once."""
    if not seat.absent:
        seat.absent = True
        seat.save(update_fields=["absent"])
        publish(game)
    if seat.to_play:
        round_started(game)


def on_account_closing(sender: Any, *, user: User, **kwargs: Any) -> None:
    """Receives ``accounts.signals.account_closing`` (connected in ``games/apps.py``)."""
    depart(user)


@transaction.atomic
def depart(user: User) -> int:
    """Free or hand to the autopilot every seat ``user`` holds at an unfinished table, and
    drop their invitations to forming tables. Returns how many tables changed."""
    live = [GameStatus.FORMING, GameStatus.PLAYING]
    seated = Seat.objects.filter(user=user, game__status__in=live).values_list("game_id", flat=True)
    invited = Invitation.objects.filter(invitee=user, game__status=GameStatus.FORMING).values_list(
        "game_id", flat=True
    )
    changed = 0
    # One table at a time, in id order, so two departures never wait on each other's locks.
    for game_id in sorted({*seated, *invited}):
        game = locked_game(game_id)
        seat = game.seats.filter(user=user).first()
        if game.status == GameStatus.FORMING:
            if seat is not None:
                leave_game(game_id, user)  # also hands on the host's role or closes the table
            elif game.invitations.filter(invitee=user).delete()[0]:
                publish(game)
            else:
                continue
        elif game.status == GameStatus.PLAYING and seat is not None:
            hand_to_autopilot(game, seat)
        else:
            continue
        changed += 1
    return changed
