"""Who gets which mail or push: the person's settings, holidays, and whether a turn is still
theirs."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q

from accounts.models import EmailMode, Profile
from games.models import LIVE_UP_TO_MINUTES, Game, GameStatus
from games.models.outbox import Channel, Kind

# The profile switch that turns each kind on or off (the digest has the e-mail mode instead).
SWITCH: dict[str, str] = {
    Kind.INVITATION: "notify_invitations",
    Kind.STARTED: "notify_new_round",
    Kind.NEW_ROUND: "notify_new_round",
    Kind.LAST_TO_PLAY: "notify_reminders",
    Kind.DEADLINE: "notify_deadline",
    Kind.AUTOPILOT: "notify_deadline",
    Kind.FINISHED: "notify_game_finished",
    Kind.TABLE_CLOSED: "notify_game_finished",
    Kind.CHALLENGE: "notify_challenge",
    Kind.TOURNAMENT: "notify_new_round",
}

# The profile switch that sends each kind by push too (the rest never go by push: the digest
# and the autopilot's note are mail's; the next turn's push says the autopilot played).
PUSH_SWITCH: dict[str, str] = {
    Kind.INVITATION: "push_invitations",
    Kind.STARTED: "push_new_round",
    Kind.NEW_ROUND: "push_new_round",
    Kind.LAST_TO_PLAY: "push_reminders",
    Kind.DEADLINE: "push_deadline",
    Kind.FINISHED: "push_game_finished",
    Kind.TABLE_CLOSED: "push_game_finished",
    Kind.CHALLENGE: "push_challenge",
    Kind.TOURNAMENT: "push_new_round",
}

#: Mails about a turn: sent only while the seat still has to play that very round.
TURN_KINDS = frozenset({Kind.STARTED, Kind.NEW_ROUND, Kind.LAST_TO_PLAY, Kind.DEADLINE})
#: What a person on holiday is not told about (invitations and results still arrive).
QUIET_ON_HOLIDAY = TURN_KINDS | {Kind.AUTOPILOT, Kind.DIGEST}
#: What people who chose the daily digest still get one by one (when its switch is on).
DIGEST_ALSO_SENDS = frozenset({Kind.DEADLINE, Kind.CHALLENGE})


#: Seats of tables whose people are mailed about their turns (see :func:`mailed_per_turn`).
SEATS_MAILED_PER_TURN = Q(game__round_minutes__gt=LIVE_UP_TO_MINUTES)


def mailed_per_turn(game: Game) -> bool:
    """Whether a table's people are mailed about their turns (its start, a new round, a
    reminder, a deadline, the autopilot): never at a live table, where the people are at the
    table while it is played and the page shows it all."""
    return not game.is_live


def wants(profile: Profile | None, kind: str, now: datetime, channel: str = Channel.MAIL) -> bool:
    """Whether this person wants this kind of mail (or push) now, by their settings and holidays.

    Someone without a profile (an account made on the command line) has the defaults. The mail's
    "how often" (each, digest, never) is about mail; a push goes by its own switch alone.
    """
    profile = profile or Profile()
    if channel == Channel.PUSH:
        if kind == Kind.DEVICE_TEST:
            return True  # asked for just now, from the device list
        pushed = kind in PUSH_SWITCH and bool(getattr(profile, PUSH_SWITCH[kind]))
        return pushed and not (kind in QUIET_ON_HOLIDAY and profile.on_vacation(now))
    if profile.email_mode == EmailMode.OFF:
        return False
    if kind == Kind.DIGEST:
        wanted = profile.email_mode == EmailMode.DIGEST
    elif profile.email_mode == EmailMode.DIGEST and kind not in DIGEST_ALSO_SENDS:
        wanted = False
    else:
        wanted = bool(getattr(profile, SWITCH[kind]))
    return wanted and not (kind in QUIET_ON_HOLIDAY and profile.on_vacation(now))


def turn_number(game: Game) -> int:
    """The round a turn mail is about: the tower step after the last round counts as one more."""
    towers = isinstance(game.state, dict) and game.state.get("phase") == "towers"
    return game.round + 1 if towers else game.round


def still_to_play(game: Game, to_play: bool, round_: int) -> bool:
    """Whether a seat still has to play round ``round_`` of ``game`` (else the mail is moot)."""
    return game.status == GameStatus.PLAYING and to_play and turn_number(game) == round_


def last_to_play_share() -> float:
    """The share of a round's time after which the one seat still to play is reminded."""
    return settings.NOTIFY_LAST_TO_PLAY_PERCENT / 100


def deadline_warning() -> timedelta:
    """How long before a deadline the warning goes out."""
    return timedelta(minutes=settings.NOTIFY_DEADLINE_WARNING_MINUTES)
