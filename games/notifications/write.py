"""Services that write outbox rows, called inside the transaction of the game change.

Each row is written only if the person wants that kind of mail (or push, to a device they have)
now; the sender checks again
when it sends. The unique constraints absorb repeats (``ignore_conflicts``), so calling any of
these twice for the same table, round and kind leaves one row.

Each row keeps the id of the request (or task) that wrote it, so the sender's log line about the
mail is found with the move that caused it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import EmailMessage
from django.utils import timezone

from accounts.models import Profile
from games.models import Game, GameStatus, GameVariant, Invitation, Seat
from games.models.outbox import Channel, Kind, OutboxMessage
from games.models.push import PushSubscription
from games.notifications.push.keys import push_enabled
from games.notifications.rules import mailed_per_turn, turn_number, wants
from tipperary_site import request_id
from tipperary_site.enqueue import enqueue

#: The task that sends every due row at once (the minute's run sends them too).
SEND_TASK = "games.send_mail"


def origin() -> str:
    """The id of the request or task writing outbox rows now (blank outside both)."""
    return request_id.current() or ""


def _profile(user: User) -> Profile | None:
    return getattr(user, "profile", None)


def queue(
    users: Iterable[User],
    kind: Kind,
    game: Game | None,
    round_: int,
    now: datetime,
    *,
    due_at: datetime | None = None,
) -> int:
    """Write one row per person and channel that wants ``kind`` now; returns how many rows were
    offered. A push row is written only for someone with a device to push to."""
    users = list(users)
    rows = [
        OutboxMessage(
            user=user,
            kind=kind,
            channel=channel,
            game=game,
            round=round_,
            due_at=due_at or now,
            request_id=origin(),
        )
        for user, channel in [
            *((user, Channel.MAIL) for user in users),
            *((user, Channel.PUSH) for user in with_devices(users, kind, now)),
        ]
        if wants(_profile(user), kind, now, channel)
    ]
    OutboxMessage.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def with_devices(users: list[User], kind: Kind, now: datetime) -> list[User]:
    """Those of ``users`` who want ``kind`` by push and have a device for it (a query only when
    the site sends push and someone wants it)."""
    wanting = [user for user in users if wants(_profile(user), kind, now, Channel.PUSH)]
    if not wanting or not push_enabled():
        return []
    ids = PushSubscription.objects.filter(user__in=wanting).values_list("user_id", flat=True)
    having = set(ids)
    return [user for user in wanting if user.pk in having]


def _people_to_play(game: Game) -> list[User]:
    # An absent seat is played by the autopilot as the round starts: no "your turn" for it.
    seats = Seat.objects.filter(game=game, to_play=True, user__isnull=False, absent=False)
    return [seat.user for seat in seats.select_related("user__profile") if seat.user is not None]


def turn_grace() -> timedelta:
    """How long a "your turn" mail waits, so someone still at the table who plays on gets none.

    Against bots, or when a person ends a round and goes straight on, the next round starts
    while they watch; the sender then finds the turn played and drops the mail.
    """
    return timedelta(minutes=settings.NOTIFY_TURN_GRACE_MINUTES)


#: One host mails one person about invitations at most this often (the rest are on the site).
INVITATION_MAIL_EVERY = timedelta(days=1)


def notify_invitation(invitation: Invitation, *, now: datetime | None = None) -> None:
    """Tell a person a host invited them to a table, unless the same host already mailed them
    an invitation within a day: invitations never become a way to flood someone's inbox."""
    now = now or timezone.now()
    game = invitation.game
    mailed = OutboxMessage.objects.filter(
        user_id=invitation.invitee_id,
        kind=Kind.INVITATION,
        game__host_id=game.host_id,
        created_at__gt=now - INVITATION_MAIL_EVERY,
    )
    if game.host_id is not None and mailed.exists():
        return
    invitee = User.objects.select_related("profile").get(pk=invitation.invitee_id)
    queue([invitee], Kind.INVITATION, game, 0, now)


def notify_table_started(game: Game, *, now: datetime | None = None) -> None:
    """Tell every player the table started: this is also their first turn."""
    if not mailed_per_turn(game):
        return
    now = now or timezone.now()
    people = _people_to_play(game)
    queue(people, Kind.STARTED, game, turn_number(game), now, due_at=now + turn_grace())


def notify_tournament_table(game: Game, *, now: datetime | None = None) -> None:
    """Tell every person seated at a tournament's new table that it is ready (this is also
    their first turn, so no "table started" mail goes with it)."""
    now = now or timezone.now()
    queue(_people_to_play(game), Kind.TOURNAMENT, game, turn_number(game), now)


def notify_new_round(game: Game, *, now: datetime | None = None) -> None:
    """Tell everyone with something to do that a new round (or the tower step) began."""
    if game.status != GameStatus.PLAYING or game.variant == GameVariant.DUPLICATE:
        return  # a challenge entry has no deadline: nobody waits on its entrant
    if not mailed_per_turn(game):
        return
    now = now or timezone.now()
    people = _people_to_play(game)
    queue(people, Kind.NEW_ROUND, game, turn_number(game), now, due_at=now + turn_grace())


def notify_autopilot(game: Game, seat: Seat, round_: int, *, now: datetime | None = None) -> None:
    """Tell a person the autopilot played ``round_`` for them at ``game`` (the deadline passed)."""
    if seat.user_id is None or not mailed_per_turn(game):
        return
    user = User.objects.select_related("profile").get(pk=seat.user_id)
    queue([user], Kind.AUTOPILOT, game, round_, now or timezone.now())


def notify_table_closed(game: Game, *, now: datetime | None = None) -> None:
    """Tell the host their forming table closed because nobody joined it for too long."""
    if game.host_id is None:
        return
    host = User.objects.select_related("profile").get(pk=game.host_id)
    queue([host], Kind.TABLE_CLOSED, game, 0, now or timezone.now())


def notify_game_finished(game: Game, *, now: datetime | None = None) -> None:
    """Tell every player the result: their rank and score, the winner, the final page."""
    if game.variant == GameVariant.DUPLICATE:
        return  # the entrant sees their result as they finish; the week ranks it
    seats = Seat.objects.filter(game=game, user__isnull=False).select_related("user__profile")
    people = [seat.user for seat in seats if seat.user is not None]
    queue(people, Kind.FINISHED, game, 0, now or timezone.now())


def queue_account_mail(message: EmailMessage, *, now: datetime | None = None) -> OutboxMessage:
    """Keep an account mail (confirm an address, reset a password …) to send right after commit.

    The request that asks for it never waits on the mail server: the worker sends it.
    """
    html = next(
        (str(content) for content, mimetype in getattr(message, "alternatives", [])
         if mimetype == "text/html"),
        "",
    )  # fmt: skip
    text = str(message.body)
    if message.content_subtype == "html":
        html, text = text, ""
    (address,) = message.to
    row = OutboxMessage.objects.create(
        kind=Kind.ACCOUNT, to_address=address, subject=str(message.subject), body_text=text,
        body_html=html, due_at=now or timezone.now(), request_id=origin(),
    )  # fmt: skip
    enqueue(SEND_TASK)
    return row
