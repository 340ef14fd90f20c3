"""What the tournament pages show: the lists of events, an event's rounds and standings, and a
player's events with their placings. Reads only."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from games.models import (
    BOT_LEVEL_NAMES,
    Entrant,
    Game,
    GameStatus,
    Seat,
    SeatKind,
    Tournament,
    TournamentStatus,
)
from games.tournaments.events import final_order, rating_range
from games.tournaments.points import place_points, shown
from games.tournaments.tally import Played, tables_of


def listed() -> QuerySet[Tournament]:
    """Events with their entrant count (one query)."""
    return Tournament.objects.annotate(
        entered=Count("entrants", filter=Q(entrants__withdrawn_at__isnull=True))
    ).order_by("-featured", "signup_closes_at", "pk")


def lists() -> list[tuple[str, list[Tournament], str]]:
    """``/tournaments/``, each list with its title and what it says when empty: open for
    sign-up (closing soonest first), running, finished (the newest first, the last 20).
    Featured events lead each list. One query."""
    events = list(listed().exclude(status=TournamentStatus.CANCELLED))
    finished = [t for t in events if t.status == TournamentStatus.FINISHED]
    finished.sort(
        key=lambda t: (not t.featured, -t.finished_at.timestamp() if t.finished_at else 0)
    )
    return [
        (_("Open for sign-up"), [t for t in events if t.status == TournamentStatus.OPEN],
         _("No event is taking entrants just now.")),
        (_("Running"), [t for t in events if t.status == TournamentStatus.RUNNING],
         _("No event is running.")),
        (_("Finished"), finished[:20], _("No event has finished yet.")),
    ]  # fmt: skip


@dataclass(frozen=True)
class Line:
    """One entrant's line of the standings."""

    place: int
    name: str
    points: str
    score: int
    opponents: str
    tables: int
    byes: int
    withdrawn: bool
    me: bool


@dataclass(frozen=True)
class SeatShown:
    name: str
    is_person: bool
    rank: int | None
    score: int | None
    points: str


@dataclass(frozen=True)
class TableShown:
    game: Game
    number: int
    seats: list[SeatShown]
    over: bool


@dataclass
class RoundShown:
    number: int
    name: str
    tables: list[TableShown] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class EventPage:
    tournament: Tournament
    lines: list[Line]
    rounds: list[RoundShown]
    entrants: list[Entrant]
    mine: Entrant | None
    my_table: Game | None
    winner: str
    rating_range: str

    @property
    def withdrawal(self) -> str:
        """When the viewer withdrew, as one sentence: each round's name has its own (a title
        such as "The final" lowered into another sentence would read wrong in German)."""
        round_ = self.mine.withdrawn_round if self.mine is not None else None
        if not round_:
            return _("You withdrew during sign-up.")
        if self.tournament.is_swiss:
            return _("You withdrew during round %(number)d.") % {"number": round_}
        if round_ == 1:
            return _("You withdrew during the group tables.")
        return _("You withdrew during the final.")


def _seat_shown(seat: Seat, names: dict[int, str], points: str, over: bool) -> SeatShown:
    if seat.kind == SeatKind.BOT:
        level = BOT_LEVEL_NAMES.get(seat.bot, seat.bot.title())
        name = _("%(level)s bot") % {"level": level}
    else:
        name = names.get(seat.user_id or 0) or _("former player")
    return SeatShown(name, seat.kind != SeatKind.BOT, seat.rank if over else None,
                     int((seat.score or {}).get("total", 0)) if over else None, points)  # fmt: skip


def _rounds(
    tournament: Tournament, entrants: list[Entrant], played: list[Played]
) -> list[RoundShown]:
    names = {e.user_id: e.name for e in entrants if e.user_id is not None}
    rounds = {n: RoundShown(n, tournament.round_name(n)) for n in range(1, tournament.round + 1)}
    for table in played:
        seats = sorted(table.game.seats.all(), key=lambda s: s.position)
        over = table.game.status == GameStatus.FINISHED
        won = [shown(p) for p in place_points([s.rank or 0 for s in seats])] if over else []
        shown_seats = [
            _seat_shown(s, names, won[i] if over else "", over) for i, s in enumerate(seats)
        ]
        if over:  # a finished table reads best first
            shown_seats.sort(key=lambda seat: seat.rank or 0)
        day = rounds[table.round]
        day.tables.append(TableShown(table.game, len(day.tables) + 1, shown_seats, over))
    for entrant in entrants:
        for n in entrant.bye_rounds:
            if n in rounds:
                rounds[n].byes.append(entrant.name)
    return [rounds[n] for n in sorted(rounds, reverse=True)]


def event_page(tournament: Tournament, viewer: User | AnonymousUser) -> EventPage:
    """Everything the event's page shows to ``viewer`` (three queries: the entrants, the
    tables, their seats)."""
    entrants = list(tournament.entrants.all())
    played = tables_of(tournament, entrants)
    by_pk = {e.pk: e for e in entrants}
    mine = next((e for e in entrants if viewer.is_authenticated and e.user_id == viewer.pk), None)
    lines = []
    if tournament.status != TournamentStatus.OPEN:
        for place, line in enumerate(final_order(tournament, entrants, played), start=1):
            entrant = by_pk[line.entrant]
            lines.append(Line(
                entrant.place or place, entrant.name, shown(line.points), line.score,
                shown(line.opponents), line.tables, line.byes, entrant.withdrawn_at is not None,
                entrant is mine,
            ))  # fmt: skip
    my_table = None
    if mine is not None:
        my_table = next(
            (p.game for p in reversed(played)
             if p.game.status == GameStatus.PLAYING and mine.pk in p.entrants),
            None,
        )  # fmt: skip
    winner = ""
    if tournament.status == TournamentStatus.FINISHED and lines:
        winner = lines[0].name
    return EventPage(
        tournament, lines, _rounds(tournament, entrants, played), entrants, mine, my_table,
        winner, rating_range(tournament),
    )  # fmt: skip


@dataclass(frozen=True)
class Placing:
    tournament: Tournament
    place: int | None
    entered: int
    withdrawn: bool


def placings_of(user: User) -> list[Placing]:
    """The events a person entered that have started, newest first, with their placing (one
    query)."""
    entries = (
        Entrant.objects.filter(user=user)
        .exclude(tournament__status__in=[TournamentStatus.OPEN, TournamentStatus.CANCELLED])
        .select_related("tournament")
        .annotate(entered=Count("tournament__entrants"))
        .order_by("-tournament__started_at", "-pk")
    )
    return [Placing(e.tournament, e.place, e.entered, e.withdrawn_at is not None) for e in entries]
