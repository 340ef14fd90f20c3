"""Forming tables: create, join, leave, invite (and withdraw or decline), start."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import User
from django.core import signing
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from accounts.models import Profile
from engine import bots as engine_bots
from games.models import Game, GameStatus, Invitation, Seat, SeatKind, new_invite_token, new_seed
from games.notifications.write import notify_invitation, notify_table_started
from games.services.blocks import blocked_either_way
from games.services.bots import round_started
from games.services.deadline_watch import watch_deadline
from games.services.errors import GameError, NotAllowed
from games.services.limits import check_invitation_allowed, check_table_allowed
from games.services.record import begin_play, close, locked_game, publish
from games.streams.publish import person_changed, table_changed

INVITE_SALT = "games.invite"


def _next_position(game: Game) -> int:
    last = game.seats.order_by("-position").values_list("position", flat=True).first()
    return 0 if last is None else last + 1


@transaction.atomic
def create_game(
    host: User,
    *,
    seats_wanted: int,
    round_minutes: int,
    is_open: bool,
    rated: bool,
    allow_vacation: bool = True,
    bots: Sequence[str] = (),
    seed: int | None = None,
    now: datetime | None = None,
) -> Game:
    """Open a new table with the host in its first seat and ``bots`` (bot names) in the next.

    A table the bots fill up starts at once: a solo game against bots. ``seed`` deals a fixed
    game (the tutorial's); by default every table gets a random one.
    """
    if len(bots) + 1 < seats_wanted:  # a table that waits for players counts to the limit
        check_table_allowed(host)
    if not 2 <= seats_wanted <= 5:
        raise GameError(_("A table has 2 to 5 seats."))
    if len(bots) >= seats_wanted:
        raise GameError(_("Leave at least one seat for a person: yours."))
    unknown = [name for name in bots if name not in engine_bots.BOTS]
    if unknown:
        raise GameError(_("There is no bot called %(name)s.") % {"name": repr(unknown[0])})
    game = Game.objects.create(
        host=host, seats_wanted=seats_wanted, round_minutes=round_minutes, is_open=is_open,
        rated=rated, allow_vacation=allow_vacation, seed=new_seed() if seed is None else seed,
    )  # fmt: skip
    Seat.objects.create(game=game, user=host, position=0)
    for position, name in enumerate(bots, start=1):
        Seat.objects.create(game=game, position=position, kind=SeatKind.BOT, bot=name)
    if len(bots) + 1 == seats_wanted:
        _start(game, now or timezone.now())
    return game


def seat_and_start(
    people: Sequence[User], bots: Sequence[str], *, round_minutes: int, now: datetime
) -> Game:
    """Open a table for ``people`` (the first hosts it) and ``bots`` (bot names), seated in
    that order, and start it at once: how "Play now" opens the tables it matched. The caller
    holds a transaction."""
    game = Game.objects.create(
        host=people[0], seats_wanted=len(people) + len(bots), round_minutes=round_minutes,
        is_open=False, rated=True, last_joined_at=now,
    )  # fmt: skip
    for position, person in enumerate(people):
        Seat.objects.create(game=game, user=person, position=position)
    for position, name in enumerate(bots, start=len(people)):
        Seat.objects.create(game=game, position=position, kind=SeatKind.BOT, bot=name)
    _start(game, now)
    return game


def _rematch_changed(game: Game) -> None:
    """A rematch gained a player or started: the finished table it replays shows it."""
    if game.rematch_of_id is not None:
        Game.objects.filter(pk=game.rematch_of_id).update(version=F("version") + 1)
        table_changed(game.rematch_of_id)


def invite_token(game: Game) -> str:
    """The signed token of the table's invite link (revoked by :func:`revoke_invite_link`)."""
    return signing.dumps({"g": game.pk, "t": game.invite_token}, salt=INVITE_SALT)


def game_for_invite(token: str) -> Game:
    """The table an invite link points to, if the link is genuine and not revoked."""
    try:
        data = signing.loads(token, salt=INVITE_SALT)
        game = Game.objects.get(pk=data["g"])
    except (signing.BadSignature, KeyError, TypeError, Game.DoesNotExist):
        raise GameError(_("This invitation link is not valid.")) from None
    if game.invite_token != data.get("t"):
        raise GameError(_("This invitation link has been withdrawn by the host."))
    return game


def invite_link_opens(token: str, game_id: int) -> bool:
    """Whether ``token`` is this table's genuine, unrevoked invite link (nothing said if not)."""
    try:
        return bool(token) and game_for_invite(token).pk == game_id
    except GameError:
        return False


@transaction.atomic
def join_game(game_id: int, user: User, *, token: str = "", now: datetime | None = None) -> Game:
    """Take a free seat; the table starts by itself when the last seat is taken."""
    game = locked_game(game_id)
    if game.status != GameStatus.FORMING:
        raise GameError(_("This table is no longer taking players."))
    if game.seats.filter(user=user).exists():
        raise GameError(_("You already have a seat at this table."))
    invited = game.invitations.filter(invitee=user).exists()
    by_link = invite_link_opens(token, game.pk)
    if not (game.is_open or invited or by_link):
        raise NotAllowed(_("This table is by invitation only."))
    taken = game.seats.count()
    if taken >= game.seats_wanted:
        raise GameError(_("This table is full."))
    Seat.objects.create(game=game, user=user, position=_next_position(game))
    game.invitations.filter(invitee=user).delete()  # answered: no longer pending
    now = now or timezone.now()
    game.last_joined_at = now
    publish(game, "last_joined_at")
    _rematch_changed(game)
    if taken + 1 == game.seats_wanted:
        _start(game, now)
    return game


@transaction.atomic
def leave_game(game_id: int, user: User) -> Game:
    """Give up a seat before the start; a table left empty closes, a host's role passes on."""
    game = locked_game(game_id)
    if game.status != GameStatus.FORMING:
        raise GameError(_("You can only leave a table before it starts."))
    deleted, _by_model = game.seats.filter(user=user).delete()
    if not deleted:
        raise GameError(_("You have no seat at this table."))
    remaining = list(game.seats.filter(kind=SeatKind.PERSON).order_by("position"))
    if not remaining:
        close(game, timezone.now())
        return game
    if game.host_id == user.pk:
        game.host = remaining[0].user
    publish(game, "host")
    return game


@transaction.atomic
def start_game(game_id: int, user: User, *, now: datetime | None = None) -> Game:
    """The host starts the table with the players seated so far (at least 2)."""
    game = locked_game(game_id)
    if game.host_id != user.pk:
        raise NotAllowed(_("Only the host can start this table."))
    if game.status != GameStatus.FORMING:
        raise GameError(_("This table has already started."))
    if game.seats.count() < 2:
        raise GameError(_("A game needs at least 2 players."))
    _start(game, now or timezone.now())
    _rematch_changed(game)
    return game


def _start(game: Game, now: datetime) -> None:
    seats = list(game.seats.order_by("position"))
    for index, seat in enumerate(seats):  # close gaps left by players who left
        if seat.position != index:
            seat.position = index
            seat.save(update_fields=["position"])
    begin_play(game, engine.new_game(game.seed, len(seats)), now, deadline=True)
    round_started(game)
    watch_deadline(game)
    notify_table_started(game, now=now)


@transaction.atomic
def invite_player(
    game_id: int, host: User, display_name: str, *, now: datetime | None = None
) -> Invitation:
    """Invite a person by display name; they may then join even an invite-only table.

    Inviting someone already invited changes nothing and sends no second mail.
    """
    game = locked_game(game_id)
    if game.host_id != host.pk:
        raise NotAllowed(_("Only the host can invite players."))
    if game.status != GameStatus.FORMING:
        raise GameError(_("This table is no longer taking players."))
    profile = Profile.objects.filter(display_name__iexact=display_name.strip()).first()
    if profile is None:
        raise GameError(_("There is no player called “%(name)s”.") % {"name": display_name.strip()})
    if profile.user_id == host.pk:
        raise GameError(_("You have a seat at your own table already."))
    if game.seats.filter(user_id=profile.user_id).exists():
        raise GameError(
            _("%(name)s already has a seat at this table.") % {"name": profile.display_name}
        )
    existing = game.invitations.filter(invitee_id=profile.user_id).first()
    if existing is not None:
        return existing
    if blocked_either_way(host.pk, profile.user_id):
        raise GameError(
            _("%(name)s cannot be invited to your tables.") % {"name": profile.display_name}
        )
    now = now or timezone.now()
    check_invitation_allowed(host, now)
    invitation = Invitation.objects.create(game=game, invitee_id=profile.user_id)
    publish(game)  # the host's list of invitees shows it
    person_changed(profile.user_id)  # their "Your games" and header count show it
    notify_invitation(invitation, now=now)
    return invitation


@transaction.atomic
def withdraw_invitation(game_id: int, host: User, invitation_id: int) -> Invitation:
    """The host takes back an invitation: the person can no longer join an invite-only table
    by it, and it leaves their list. Returns the withdrawn invitation (with the invitee)."""
    game = locked_game(game_id)
    if game.host_id != host.pk:
        raise NotAllowed(_("Only the host can withdraw an invitation."))
    if game.status != GameStatus.FORMING:
        raise GameError(_("This table is no longer taking players."))
    invitation = (
        game.invitations.select_related("invitee__profile").filter(pk=invitation_id).first()
    )
    if invitation is None:
        raise GameError(_("There is no such invitation at this table (it may have been answered)."))
    Invitation.objects.filter(pk=invitation.pk).delete()
    publish(game)
    person_changed(invitation.invitee_id)
    return invitation


@transaction.atomic
def decline_invitation(game_id: int, user: User) -> Game:
    """The invitee says no: the invitation goes, and the host's list of invitees with it."""
    game = locked_game(game_id)
    deleted, _by_model = game.invitations.filter(invitee=user).delete()
    if not deleted:
        raise GameError(_("You have no invitation to this table."))
    publish(game)
    return game


def pending_invitations(user: User) -> QuerySet[Invitation]:
    """Invitations ``user`` may still answer: to tables still forming where they have no seat.

    (Joining deletes the invitation; the seat check also covers any left from before it did.)
    """
    return Invitation.objects.filter(invitee=user, game__status=GameStatus.FORMING).exclude(
        game__seats__user=user
    )


def invitations_pending_at(game: Game) -> QuerySet[Invitation]:
    """The table's invitations not yet answered: the invitee has no seat there."""
    return game.invitations.exclude(invitee__seats__game=game)


@transaction.atomic
def revoke_invite_link(game_id: int, host: User) -> Game:
    """Withdraw the current invite link and make a new one."""
    game = locked_game(game_id)
    if game.host_id != host.pk:
        raise NotAllowed(_("Only the host can change the invitation link."))
    game.invite_token = new_invite_token()
    game.save(update_fields=["invite_token"])
    return game
