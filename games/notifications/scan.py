"""The periodic scan: reminders that come from the clock rather than from a move.

It writes "you are the last to play" rows once a share of the round's time has passed, deadline
warnings about two hours before the deadline, and each digest person's daily digest at their
local hour. It may run as often as it likes: the unique constraints absorb repeats, and the
sender checks again at send time that the seat still has to play.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone

from accounts.models import EmailMode, Profile
from games.challenge.entries import current_week
from games.models import Game, GameStatus, GameVariant, Seat
from games.models.outbox import Channel, Kind, OutboxMessage
from games.notifications.rules import (
    SEATS_MAILED_PER_TURN,
    deadline_warning,
    last_to_play_share,
    turn_number,
    wants,
)
from games.notifications.write import origin, queue, with_devices


def queue_deadline_warnings(now: datetime) -> int:
    """One warning per seat still to play when its round ends within the warning time."""
    seats = Seat.objects.filter(
        SEATS_MAILED_PER_TURN,
        to_play=True,
        user__isnull=False,
        game__status=GameStatus.PLAYING,
        game__round_deadline__gt=now,
        game__round_deadline__lte=now + deadline_warning(),
    ).select_related("game", "user__profile")
    return sum(
        queue([seat.user], Kind.DEADLINE, seat.game, turn_number(seat.game), now)
        for seat in seats
        if seat.user is not None
    )


def queue_last_to_play(now: datetime) -> int:
    """A reminder to the one person a table still waits for, once a share of the round passed.

    Not when the deadline warning is due anyway: one reminder at a time is enough.
    """
    alone = (
        Seat.objects.filter(to_play=True, game__status=GameStatus.PLAYING)
        .values("game_id")
        .annotate(waiting=Count("id"))
        .filter(waiting=1)
        .values("game_id")
    )
    seats = Seat.objects.filter(
        SEATS_MAILED_PER_TURN,
        to_play=True,
        user__isnull=False,
        game_id__in=alone,
        game__status=GameStatus.PLAYING,
    ).select_related("game", "user__profile")
    queued = 0
    for seat in seats:
        game = seat.game
        if seat.user is None or game.round_started_at is None or game.round_deadline is None:
            continue
        length = game.round_deadline - game.round_started_at
        if (
            game.round_started_at + length * last_to_play_share()
            <= now
            < (game.round_deadline - deadline_warning())
        ):
            queued += queue([seat.user], Kind.LAST_TO_PLAY, game, turn_number(game), now)
    return queued


def digest_day(profile: Profile, now: datetime) -> date | None:
    """The local date whose digest is due for this person at ``now``, or None.

    A digest is due from the person's digest hour on, for a few hours (so a scan that runs
    late still sends it) and never twice the same day.
    """
    window = settings.NOTIFY_DIGEST_WINDOW_HOURS
    local = now.astimezone(profile.zone)
    since = (local.hour - profile.digest_hour) % 24
    if since >= window:
        return None
    return (local - timedelta(hours=since)).date()


def queue_digests(now: datetime) -> int:
    """Each digest person with a table waiting gets today's digest at their local hour."""
    profiles = (
        Profile.objects.filter(
            email_mode=EmailMode.DIGEST,
            user__seats__to_play=True,
            user__seats__game__status=GameStatus.PLAYING,
            user__seats__game__variant=GameVariant.STANDARD,  # a challenge entry never waits
        )
        .select_related("user")
        .distinct()
    )
    rows = []
    for profile in profiles:
        day = digest_day(profile, now)
        if day is not None and wants(profile, Kind.DIGEST, now):
            rows.append(
                OutboxMessage(
                    user=profile.user,
                    kind=Kind.DIGEST,
                    digest_date=day,
                    due_at=now,
                    request_id=origin(),
                )
            )
    OutboxMessage.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def queue_challenge_mails(now: datetime) -> int:
    """Once a week, at their digest hour, everyone not yet playing this week's challenge hears
    that its deal is up (with last week's result)."""
    challenge = current_week(now)
    if challenge is None:
        return 0
    # NOT EXISTS, not NOT IN: the bots' entries have no host, and one NULL in a NOT IN list
    # makes it match nobody at all.
    entered = Game.objects.filter(challenge=challenge, host_id=OuterRef("user_id"))
    mail = Q(notify_challenge=True) & ~Q(email_mode=EmailMode.OFF)
    profiles = [
        p
        for p in Profile.objects.filter(mail | Q(push_challenge=True), user__is_active=True)
        .exclude(Exists(entered))
        .select_related("user")
        if digest_day(p, now) is not None
    ]
    pushed = with_devices([p.user for p in profiles], Kind.CHALLENGE, now)
    monday = challenge.starts_at.date()
    rows = [
        OutboxMessage(
            user=user,
            kind=Kind.CHALLENGE,
            channel=channel,
            digest_date=monday,
            due_at=now,
            request_id=origin(),
        )
        for user, channel in [
            *((p.user, Channel.MAIL) for p in profiles if wants(p, Kind.CHALLENGE, now)),
            *((user, Channel.PUSH) for user in pushed),
        ]
    ]
    OutboxMessage.objects.bulk_create(rows, ignore_conflicts=True)
    return len(rows)


def scan(*, now: datetime | None = None) -> int:
    """Write every reminder and digest due at ``now``; returns how many rows were offered."""
    now = now or timezone.now()
    return (
        queue_deadline_warnings(now)
        + queue_last_to_play(now)
        + queue_digests(now)
        + queue_challenge_mails(now)
    )
