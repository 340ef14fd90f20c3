"""Play a finished table again: a new forming table with the same people, bots and options."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Game, GameStatus, Invitation, SeatKind
from games.notifications.write import notify_invitation
from games.services.blocks import blocked_with
from games.services.errors import GameError, NotAllowed
from games.services.record import locked_game, publish
from games.services.tables import create_game
from games.streams.publish import person_changed


@transaction.atomic
def play_again(game_id: int, user: User, *, now: datetime | None = None) -> Game:
    """Open the rematch of a finished table, with ``user`` as its host.

    Every other person of the table is invited (in the site and by mail, as invitations are),
    the bots take their seats again, and the new table starts by itself once everyone has
    accepted, or when the host starts it. It is by invitation only, since its seats are kept
    for the table's people. A table is played again once: asking again gives the same rematch.
    """
    old = locked_game(game_id)
    seats = list(old.seats.select_related("user__profile").order_by("position"))
    if not any(seat.user_id == user.pk for seat in seats):
        raise NotAllowed(_("Only the players of this table can play it again."))
    if old.status != GameStatus.FINISHED:
        raise GameError(_("A table can be played again once it is finished."))
    existing = Game.objects.filter(rematch_of=old).first()
    if existing is not None:
        return existing
    bots = [seat.bot for seat in seats if seat.kind == SeatKind.BOT]
    blocked = blocked_with(user.pk)  # nobody is seated again with a person they blocked
    people = [
        seat.user
        for seat in seats
        if seat.kind == SeatKind.PERSON
        and seat.user is not None
        and seat.user_id != user.pk
        and seat.user_id not in blocked
    ]
    if not people and not bots:
        raise GameError(
            _("Nobody else from this table is still here to invite; open a new table instead.")
        )
    new = create_game(
        user,
        seats_wanted=1 + len(bots) + len(people),
        round_minutes=old.round_minutes,
        is_open=False,
        rated=old.rated,
        allow_vacation=old.allow_vacation,
        bots=bots,
        now=now,
    )
    new.rematch_of = old
    new.save(update_fields=["rematch_of"])
    for person in people:
        notify_invitation(Invitation.objects.create(game=new, invitee=person), now=now)
        person_changed(person.pk)
    publish(old)  # its page now shows the rematch
    return new
