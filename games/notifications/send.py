"""The sender: claim due rows one by one, check they still hold, send, and record the outcome.

Mail and push rows go through the same steps; only the last one differs (an e-mail, or a push
to each of the person's devices: ``games.notifications.push.deliver``). A push service that
refuses or does not answer backs its row off as a refused mail does; the mail server's outage
(below) stops mail only, never push.

A row is claimed with a conditional ``UPDATE`` that moves its ``due_at`` past a lease: of two
senders, only the one whose update touched the row sends it. A sender that dies mid-way leaves
the row to come due again when the lease ends.

Two kinds of failure are told apart. A mail the server refuses (a bad address, a message it
will not take) puts that row back with a growing delay, gives up after a few days, and never
stops the other rows. A server that cannot be reached, hangs up or does not answer in time stops
the run at once, without counting against the row: every row waits, and the sender rests with
a growing pause (see :func:`server_pause`) before it tries the server again, for as long as the
outage lasts. So an outage costs one timeout per try, not one per due mail.

A run sends until no row is due or its time budget is spent (then it says so, and the task
that ran it enqueues another).

Each mail sent or dropped is logged under the id of the request that wrote its row, so the mail
is found with the move that caused it (tipperary_site.request_id).
"""

from __future__ import annotations

import logging
import smtplib
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.core.cache import cache
from django.core.mail import get_connection
from django.core.mail.backends import smtp
from django.core.mail.backends.base import BaseEmailBackend
from django.db.models import F, QuerySet
from django.utils import timezone

from games.models import GameStatus, Seat
from games.models.outbox import Channel, Kind, OutboxMessage, Status
from games.notifications.compose import render_mail, stored_mail
from games.notifications.push.deliver import devices_for, push_row
from games.notifications.push.payload import push_payload
from games.notifications.rules import TURN_KINDS, still_to_play, wants
from games.notifications.write import SEND_TASK
from tipperary_site import request_id
from tipperary_site.enqueue import enqueue

log = logging.getLogger(__name__)


def lease() -> timedelta:
    """How long a claimed row is left to its sender before another may take it."""
    return timedelta(minutes=settings.NOTIFY_CLAIM_MINUTES)


def backoff(attempts: int) -> timedelta:
    """The wait before try number ``attempts + 1`` of a refused mail: 2, 8, 32 minutes … at most
    12 hours (with the default ten tries, a mail is given up about three days after the first).

    >>> [int(backoff(n).total_seconds() // 60) for n in (1, 2, 3, 6)]
    [2, 8, 32, 720]
    """
    return min(timedelta(minutes=2 * 4 ** (attempts - 1)), timedelta(hours=12))


def server_pause(failures: int) -> timedelta:
    """How long the sender rests after ``failures`` runs in a row found the server unreachable:
    1, 2, 4 … minutes, at most 30, for as long as it takes.

    >>> [int(server_pause(n).total_seconds() // 60) for n in (1, 2, 3, 6, 50)]
    [1, 2, 4, 30, 30]
    """
    return timedelta(minutes=min(2 ** (min(failures, 10) - 1), 30))


# Where the sender keeps the outage it is resting from (shared by every worker via CACHE_URL).
OUTAGE_KEY = "outbox:mail-server-unreachable"


def resting_until(now: datetime) -> datetime | None:
    """When the sender tries the mail server again after an outage (None when it may now)."""
    outage = cache.get(OUTAGE_KEY)
    if outage is None or outage["until"] <= now:
        return None
    return outage["until"]


def _server_unreachable(now: datetime) -> None:
    failures = (cache.get(OUTAGE_KEY) or {"failures": 0})["failures"] + 1
    until = now + server_pause(failures)
    cache.set(OUTAGE_KEY, {"failures": failures, "until": until}, timeout=None)
    log.warning("Mail server unreachable (%s run(s) in a row); next try at %s", failures, until)


def server_trouble(error: BaseException) -> bool:
    """Whether ``error`` says the mail server is out of reach (not that it refused one mail)."""
    if isinstance(
        error, smtplib.SMTPServerDisconnected | smtplib.SMTPConnectError | smtplib.SMTPHeloError
    ):
        return True
    # Refused connections, time-outs and resets; smtplib's own refusals are OSErrors too.
    return isinstance(error, OSError) and not isinstance(error, smtplib.SMTPException)


@dataclass
class SendReport:
    """What one run of the sender did."""

    sent: int = 0
    dropped: int = 0
    retried: int = 0
    failed: int = 0
    # The run stopped because the server could not be reached (or was resting from that).
    server_unreachable: bool = False
    # The time budget ran out with rows still due: another run should follow at once.
    more: bool = False


def claim(pk: int, now: datetime) -> OutboxMessage | None:
    """Take one due row for this sender, or None if it is not due or another sender has it."""
    taken = OutboxMessage.objects.filter(pk=pk, status=Status.PENDING, due_at__lte=now).update(
        due_at=now + lease(), attempts=F("attempts") + 1
    )
    if taken != 1:
        return None
    return OutboxMessage.objects.select_related("user__profile", "game").get(pk=pk)


def verified_address(user_id: int) -> str | None:
    """The person's verified address (the primary one first), or None if none is verified."""
    addresses = EmailAddress.objects.filter(user_id=user_id, verified=True).order_by("-primary")
    return addresses.values_list("email", flat=True).first()


def why_not(row: OutboxMessage, seat: Seat | None, now: datetime) -> str:
    """Why this row must not be sent now (an empty string when it may)."""
    user, game = row.user, row.game
    assert user is not None
    if not user.is_active:
        return "the account is closed"
    if not wants(getattr(user, "profile", None), row.kind, now, row.channel):
        return "turned off in the person's settings"
    if row.kind in TURN_KINDS:
        assert game is not None
        if seat is None or not still_to_play(game, seat.to_play, row.round):
            return "the seat no longer has to play that round"
        if seat.absent:
            return "the autopilot plays this seat as each round starts"
        if row.kind == Kind.DEADLINE and (
            game.round_deadline is None or game.round_deadline <= now
        ):
            return "the deadline has passed"
    if row.kind == Kind.AUTOPILOT:
        # The next round's "your turn" mail, due a few minutes later, says it too: one mail.
        next_turn = OutboxMessage.objects.filter(
            user=user, game=game, kind=Kind.NEW_ROUND, round=row.round + 1
        ).exclude(status=Status.DROPPED)
        if next_turn.exists():
            return "told in the next round's mail"
    if row.kind == Kind.TOURNAMENT:
        assert game is not None
        if game.status != GameStatus.PLAYING:
            return "the table is over"
    if row.kind == Kind.INVITATION:
        assert game is not None
        if game.status != GameStatus.FORMING or seat is not None:
            return "the table no longer needs this invitation"
    if row.kind == Kind.DIGEST:
        waiting = Seat.objects.filter(user=user, to_play=True, game__status=GameStatus.PLAYING)
        if not waiting.exists():
            return "no table is waiting"
    return ""


# What a sent account mail keeps of its body: nothing (its subject and address stay).
ACCOUNT_BODY_BLANK = {"body_text": "", "body_html": ""}


def blank_sent_account_mail() -> int:
    """Blank the bodies of account mail sent before sending did so itself; returns how many."""
    sent = OutboxMessage.objects.filter(kind=Kind.ACCOUNT, status=Status.SENT)
    return sent.exclude(**ACCOUNT_BODY_BLANK).update(**ACCOUNT_BODY_BLANK)


def _finish(row: OutboxMessage, status: Status, now: datetime, note: str = "") -> None:
    # Only the sender that holds the claim (same attempt number) may record the outcome.
    fields: dict[str, object] = {"status": status, "note": note[:200]}
    if status == Status.SENT:
        fields["sent_at"] = now
        if row.kind == Kind.ACCOUNT:
            # Its body holds a reset or confirmation link: once sent, nobody needs it here.
            fields.update(ACCOUNT_BODY_BLANK)
    OutboxMessage.objects.filter(pk=row.pk, attempts=row.attempts).update(**fields)


def _retry(row: OutboxMessage, now: datetime, error: Exception) -> bool:
    """Put the row back for a later try; returns False when it has had its last try."""
    note = f"{type(error).__name__}: {error}"
    if row.attempts >= settings.NOTIFY_MAX_ATTEMPTS:
        _finish(row, Status.FAILED, now, note)
        return False
    OutboxMessage.objects.filter(pk=row.pk, attempts=row.attempts).update(
        due_at=now + backoff(row.attempts), note=note[:200]
    )
    return True


def _release(row: OutboxMessage, now: datetime) -> None:
    """Hand a claimed row back untouched: the try did not reach the server, so it is not one."""
    OutboxMessage.objects.filter(pk=row.pk, attempts=row.attempts).update(
        due_at=now, attempts=F("attempts") - 1
    )


def _about(row: OutboxMessage) -> str:
    """What a log line says of a row: never an address nor a body."""
    if row.kind == Kind.ACCOUNT:
        return "account mail"
    table = f" at table {row.game_id} round {row.round}" if row.game_id else ""
    push = " by push" if row.channel == Channel.PUSH else ""
    return f"{row.kind}{push} for user {row.user_id}{table}"


def _under_its_request(row: OutboxMessage) -> AbstractContextManager[None]:
    """Log what follows under the id of the request that wrote the row (rows written before
    rows kept one stay under the sender's own)."""
    return request_id.bound(row.request_id or request_id.current())


def _drop(row: OutboxMessage, now: datetime, reason: str) -> Status:
    _finish(row, Status.DROPPED, now, reason)
    log.info("Mail %s dropped (%s): %s", row.pk, _about(row), reason)
    return Status.DROPPED


def _seat(row: OutboxMessage) -> Seat | None:
    if row.game_id is None or row.user_id is None:
        return None
    return Seat.objects.filter(game_id=row.game_id, user_id=row.user_id).first()


def deliver_push(row: OutboxMessage, now: datetime) -> Status:
    """Push one claimed row to the person's devices, or drop it (raises if a device failed)."""
    seat = _seat(row)
    devices = list(devices_for(row))
    reason = why_not(row, seat, now) or ("" if devices or row.pushed_to else "no device")
    if reason:
        return _drop(row, now, reason)
    reached = push_row(row, devices, push_payload(row, seat, now))
    if not reached and not row.pushed_to:
        return _drop(row, now, "every device is gone")
    _finish(row, Status.SENT, now)
    log.info("Mail %s sent (%s)", row.pk, _about(row))
    return Status.SENT


def deliver(row: OutboxMessage, connection: BaseEmailBackend | None, now: datetime) -> Status:
    """Send one claimed row, or drop it; returns its new status (raises if sending failed)."""
    if row.channel == Channel.PUSH:
        return deliver_push(row, now)
    if row.kind == Kind.ACCOUNT:
        message = stored_mail(row)
    else:
        assert row.user_id is not None
        seat = _seat(row)
        address = verified_address(row.user_id)
        reason = "no verified e-mail address" if address is None else why_not(row, seat, now)
        if reason:
            return _drop(row, now, reason)
        assert address is not None
        message = render_mail(row, seat, address, now)
    message.connection = connection
    message.send()
    _finish(row, Status.SENT, now)
    log.info("Mail %s sent (%s)", row.pk, _about(row))
    return Status.SENT


def _open_connection() -> BaseEmailBackend:
    connection = get_connection()
    if isinstance(connection, smtp.EmailBackend):
        connection.open()  # one SMTP session for the whole run (files stay one per mail)
    return connection


def _close(connection: BaseEmailBackend | None) -> None:
    """End the SMTP session; a server that hangs up rudely or stops answering changes nothing."""
    if connection is not None:
        try:
            connection.close()
        except OSError as error:
            log.info("Mail server session ended badly: %s", error)


def _due_ids(now: datetime, batch: int, *, mail: bool) -> list[tuple[int, str]]:
    due = OutboxMessage.objects.filter(status=Status.PENDING, due_at__lte=now)
    if not mail:  # the mail server is resting: push goes on
        due = due.filter(channel=Channel.PUSH)
    return list(due.order_by("due_at", "pk").values_list("pk", "channel")[:batch])


def send_due_messages(
    *,
    now: datetime | None = None,
    budget: float | None = None,
    batch: int = 200,
    clock: Callable[[], float] = time.monotonic,
) -> SendReport:
    """Send every due row, each at most once, whatever the others do.

    Rows are read ``batch`` at a time until none is due or ``budget`` seconds (the setting
    ``NOTIFY_SEND_SECONDS``, 45 by default) are spent; then ``report.more`` says rows are left.
    """
    now = now or timezone.now()
    report = SendReport()
    mail = resting_until(now) is None
    report.server_unreachable = not mail
    mail_answered = False
    stop_at = clock() + (budget if budget is not None else settings.NOTIFY_SEND_SECONDS)
    connection: BaseEmailBackend | None = None
    try:
        while ids := _due_ids(now, batch, mail=mail):
            for pk, channel in ids:
                by_mail = channel == Channel.MAIL
                if by_mail and not mail:
                    continue  # the server went away during this batch
                if clock() >= stop_at:
                    report.more = True
                    return report
                row = claim(pk, now)
                if row is None:
                    continue
                try:
                    if by_mail:
                        connection = connection or _open_connection()
                    with _under_its_request(row):
                        status = deliver(row, connection, now)
                except Exception as error:
                    if by_mail and server_trouble(error):
                        _release(row, now)
                        _server_unreachable(now)
                        report.server_unreachable = True
                        mail = False
                        _close(connection)
                        connection = None
                        continue
                    # One bad row or address must not stop the rest.
                    with _under_its_request(row):
                        log.warning("Mail %s not sent (try %s): %s", row.pk, row.attempts, error)
                    if _retry(row, now, error):
                        report.retried += 1
                    else:
                        report.failed += 1
                    if by_mail:
                        _close(connection)
                        connection = None
                    continue
                if by_mail and not mail_answered:
                    mail_answered = True
                    cache.delete(OUTAGE_KEY)  # the server answers again
                if status == Status.SENT:
                    report.sent += 1
                else:
                    report.dropped += 1
    finally:
        _close(connection)
    return report


def retry_now(rows: QuerySet[OutboxMessage], *, now: datetime | None = None) -> int:
    """Make the waiting and failed mails among ``rows`` due at once (staff's "retry now"), and
    end the sender's rest; mail already sent or dropped is never touched. Returns how many."""
    now = now or timezone.now()
    again = rows.filter(status__in=[Status.PENDING, Status.FAILED]).update(
        status=Status.PENDING, due_at=now, note="retry asked by staff"
    )
    if again:
        cache.delete(OUTAGE_KEY)
        enqueue(SEND_TASK)
    return again
