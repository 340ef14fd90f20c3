""" "Play now": a queue that seats people of a similar level at a table, a table for each.

A person joins the queue for a speed (a round time, live or slow) and a player count (2, 3–5 or
any). The matcher, run by the worker as someone joins and every few seconds, takes the people
waiting for each speed, oldest first, and seats the first of them with the others it can:

- two people may sit together when their counts share a table size and their skills (the
  OpenSkill ``mu`` of the pool they asked for) differ by at most the *band* of either: it
  starts at :data:`BAND_START` and widens by :data:`BAND_WIDENS_PER_SECOND` as they wait,
  so a long wait finds someone further away;
- the largest table the compatible people fill right now starts at once (people who asked for
  "3–5" sit down as soon as three are there);
- nobody sits with someone they blocked or who blocked them;
- a person who chose a wait for bots and waited that long is seated at the smallest table they
  accept, with whoever is compatible and bots of the people's level in the empty seats.

Two matchers never take the same person: each locks the rows it reads with ``SKIP LOCKED``, so
a second matcher running at the same moment passes over them, and a matched row is marked in
the same transaction that opens the table (:func:`games.services.tables.seat_and_start`).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import (
    Block,
    Game,
    GameStatus,
    PlayerCount,
    QueueEntry,
    Rating,
    RoundTime,
    Seat,
)
from games.ratings.scale import START_MU, bot_skill, pool_for
from games.services.bots import BOT_LEVELS
from games.services.errors import GameError
from games.services.record import lock_person
from games.services.tables import seat_and_start
from tipperary_site.enqueue import enqueue

#: Skill (``mu``) two people may differ by and still be matched at once.
BAND_START = 3.0
#: How much wider the band grows for each second a person waits (after a minute: 3 + 12 = 15,
#: wider than the whole ladder of bots, easy 20 to expert 34).
BAND_WIDENS_PER_SECOND = 0.2
#: The waits after which a person may have bots fill the empty seats (seconds; None: never).
BOT_WAITS: tuple[int | None, ...] = (30, 60, 120, 300, None)
#: The task that runs the matcher (also sent by beat every few seconds).
MATCH_TASK = "games.match_players"


def band(entry: QueueEntry, now: datetime) -> float:
    """How far from their own skill a person waiting since ``entry.joined_at`` may be matched.

    >>> from datetime import UTC
    >>> t = datetime(2026, 12, 1, tzinfo=UTC)
    >>> band(QueueEntry(joined_at=t), t), band(QueueEntry(joined_at=t), t + timedelta(seconds=30))
    (3.0, 9.0)
    """
    waited = max(0.0, (now - entry.joined_at).total_seconds())
    return BAND_START + BAND_WIDENS_PER_SECOND * waited


def skill_of(user: User, players: PlayerCount) -> float:
    """The person's ``mu`` in the pool of the smallest table they asked for (a newcomer's
    starting estimate if they have no rating there yet). One query."""
    pool = pool_for(min(players.sizes))
    mu = Rating.objects.filter(user=user, pool=pool).values_list("mu", flat=True).first()
    return START_MU if mu is None else mu


def bots_for(skill: float, seats: int) -> list[str]:
    """``seats`` bots of the level nearest to ``skill`` (by the bots' fixed rating numbers).

    >>> bots_for(25.0, 2), bots_for(40.0, 1), bots_for(10.0, 1)
    (['medium', 'medium'], ['expert'], ['easy'])
    """
    level = min((name for name, _ in BOT_LEVELS), key=lambda name: abs(bot_skill(name)[0] - skill))
    return [level] * seats


def live_table_to_play(user: User) -> Game | None:
    """A live table in play where the person still has a seat of their own (not left to the
    autopilot): its people are waiting for them there. One query."""
    seat = (
        Seat.objects.filter(
            user=user,
            absent=False,
            game__status=GameStatus.PLAYING,
            game__round_minutes__in=RoundTime.live(),
        )
        .select_related("game")
        .first()
    )
    return seat.game if seat is not None else None


@transaction.atomic
def join_queue(
    user: User,
    *,
    players: str,
    round_minutes: int,
    bots_after: int | None,
    now: datetime | None = None,
) -> QueueEntry:
    """Put the person in the queue; the matcher runs once this commits. Refused (nothing
    written) for an unknown count, speed or wait, a person already waiting, or one with a live
    table to play."""
    if players not in PlayerCount.values:
        raise GameError(_("Choose 2 players, 3 to 5 players, or any number."))
    if round_minutes not in RoundTime.values:
        raise GameError(_("Choose one of the round times offered."))
    if bots_after not in BOT_WAITS:
        raise GameError(_("Choose one of the waits offered before bots fill the empty seats."))
    lock_person(user.pk)  # one join of the person at a time
    if QueueEntry.objects.filter(user=user, matched_at__isnull=True).exists():
        raise GameError(_("You are already waiting for a table. Leave the queue to ask again."))
    live = live_table_to_play(user)
    if live is not None:
        raise GameError(
            _("Finish your live game at %(table)s first: its players are waiting for you.")
            % {"table": live}
        )
    QueueEntry.objects.filter(user=user).delete()  # the tables matched before are in "Your games"
    count = PlayerCount(players)
    entry = QueueEntry.objects.create(
        user=user, players=count, round_minutes=round_minutes, skill=skill_of(user, count),
        bots_after=bots_after, joined_at=now or timezone.now(),
    )  # fmt: skip
    enqueue(MATCH_TASK)
    return entry


@transaction.atomic
def leave_queue(user: User) -> None:
    """Take the person out of the queue. Refused when they are not waiting (a second click,
    or a matcher seated them a moment before: the table is theirs)."""
    deleted, _by_model = QueueEntry.objects.filter(user=user, matched_at__isnull=True).delete()
    if not deleted:
        raise GameError(_("You are not waiting for a table: you may have just been seated."))


@transaction.atomic
def start_with_bots(user: User, *, now: datetime | None = None) -> Game:
    """The person waiting stops waiting: a table of the smallest size they asked for starts
    now with bots of their level in the other seats. Refused when they are not waiting (a
    second click, or a matcher seated them a moment before, or holds them right now)."""
    entry = (
        QueueEntry.objects.select_for_update(skip_locked=True)
        .filter(user=user, matched_at__isnull=True)
        .first()
    )
    if entry is None:
        raise GameError(_("You are not waiting for a table: you may have just been seated."))
    now = now or timezone.now()
    seats = min(entry.sizes)
    game = seat_and_start(
        [user], bots_for(entry.skill, seats - 1), round_minutes=entry.round_minutes, now=now
    )
    QueueEntry.objects.filter(pk=entry.pk).update(matched_at=now, game=game)
    return game


@dataclass(frozen=True)
class Table:
    """A table the matcher will open: the people's queue entries (the longest waiting first)
    and the number of bots that fill the rest."""

    entries: tuple[QueueEntry, ...]
    bots: int = 0


@dataclass(frozen=True)
class _Waiter:
    """A queue entry with what the plan asks of it again and again, worked out once."""

    entry: QueueEntry
    sizes: frozenset[int]
    band: float
    bots_due: bool

    @classmethod
    def of(cls, entry: QueueEntry, now: datetime) -> _Waiter:
        return cls(entry, frozenset(entry.sizes), band(entry, now), _bots_due(entry, now))

    def may_sit_with(self, other: _Waiter, blocked: Set[tuple[int, int]]) -> bool:
        if not self.sizes & other.sizes:
            return False
        if abs(self.entry.skill - other.entry.skill) > max(self.band, other.band):
            return False
        return not _blocked(self, other, blocked)


def _blocked(a: _Waiter, b: _Waiter, blocked: Set[tuple[int, int]]) -> bool:
    """Whether one of the two blocked the other."""
    x, y = a.entry.user_id, b.entry.user_id
    return (x, y) in blocked or (y, x) in blocked


def _mates(
    anchor: _Waiter, others: Sequence[_Waiter], blocked: Set[tuple[int, int]]
) -> list[_Waiter]:
    """The others who may sit with ``anchor`` and with each other (no blocks among them), in
    order, up to the first enough to fill the largest table the anchor accepts (no need to
    look further then)."""
    largest = max(anchor.sizes)
    mates: list[_Waiter] = []
    fitting_largest = 0
    for other in others:
        if not anchor.may_sit_with(other, blocked):
            continue
        if blocked and any(_blocked(other, mate, blocked) for mate in mates):
            continue  # one of them blocked the other: never at one table
        mates.append(other)
        fitting_largest += largest in other.sizes
        if fitting_largest == largest - 1:
            break
    return mates


def _table_of(anchor: _Waiter, mates: list[_Waiter]) -> Table | None:
    """The largest table ``anchor`` and some of ``mates`` (in order) fill, or, once the anchor's
    wait for bots is over, the smallest it accepts with bots in the seats left."""
    for size in sorted(anchor.sizes, reverse=True):
        fitting = [mate.entry for mate in mates if size in mate.sizes][: size - 1]
        if len(fitting) == size - 1:
            return Table((anchor.entry, *fitting))
    if not anchor.bots_due:
        return None
    smallest = min(anchor.sizes)
    people = [anchor.entry, *(m.entry for m in mates if smallest in m.sizes)][: smallest - 1]
    return Table(tuple(people), bots=smallest - len(people))


def plan(
    waiting: Sequence[QueueEntry], now: datetime, blocked: Set[tuple[int, int]] = frozenset()
) -> list[Table]:
    """The tables the people ``waiting`` for one speed (oldest first) sit down at now: each
    person at most once. ``blocked`` holds (user, user) pairs who never sit together."""
    free = [_Waiter.of(entry, now) for entry in waiting]
    tables: list[Table] = []
    while free:
        anchor, others = free[0], free[1:]
        table = _table_of(anchor, _mates(anchor, others, blocked))
        if table is None:
            free = others  # the anchor keeps waiting; the others may still sit down together
            continue
        tables.append(table)
        seated = {id(entry) for entry in table.entries}
        free = [waiter for waiter in others if id(waiter.entry) not in seated]
    return tables


def _bots_due(entry: QueueEntry, now: datetime) -> bool:
    return entry.bots_after is not None and now - entry.joined_at >= timedelta(
        seconds=entry.bots_after
    )


def _blocks_among(entries: Sequence[QueueEntry]) -> set[tuple[int, int]]:
    people = [entry.user_id for entry in entries]
    pairs = Block.objects.filter(Q(user_id__in=people) & Q(blocked_id__in=people))
    return set(pairs.values_list("user_id", "blocked_id"))


@transaction.atomic
def match_speed(round_minutes: int, *, now: datetime | None = None) -> list[Game]:
    """Seat whoever can be seated among the people waiting for ``round_minutes`` (the rows
    another matcher holds are passed over, not waited for). Returns the tables opened."""
    now = now or timezone.now()
    waiting = list(
        QueueEntry.objects.select_for_update(skip_locked=True, of=("self",))
        .filter(matched_at__isnull=True, round_minutes=round_minutes)
        .select_related("user")
        .order_by("joined_at", "pk")
    )
    opened = []
    for table in plan(waiting, now, _blocks_among(waiting)):
        people = [entry.user for entry in table.entries]
        skill = sum(entry.skill for entry in table.entries) / len(table.entries)
        game = seat_and_start(
            people, bots_for(skill, table.bots), round_minutes=round_minutes, now=now
        )
        QueueEntry.objects.filter(pk__in=[e.pk for e in table.entries]).update(
            matched_at=now, game=game
        )
        opened.append(game)
    return opened


def match_all(*, now: datetime | None = None) -> int:
    """Run the matcher for every speed someone waits for (each in its own transaction);
    returns how many tables it opened."""
    speeds = (
        QueueEntry.objects.filter(matched_at__isnull=True)
        .values_list("round_minutes", flat=True)
        .distinct()
    )
    return sum(len(match_speed(speed, now=now)) for speed in sorted(speeds))


__all__ = [
    "BAND_START",
    "BAND_WIDENS_PER_SECOND",
    "BOT_WAITS",
    "Table",
    "band",
    "bots_for",
    "join_queue",
    "leave_queue",
    "live_table_to_play",
    "match_all",
    "match_speed",
    "plan",
    "skill_of",
    "start_with_bots",
]
