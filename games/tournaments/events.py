"""The tournaments' services: create an event, enter and withdraw, seat each round, finish.

An event runs itself. When sign-up closes it starts (or is cancelled, short of entrants); when
the last table of a round finishes, the table's finish enqueues ``games.tournament_round_over``,
which seats the next round or finishes the event; the minute sweep (:func:`keep_tournaments`)
does both for any event whose message was lost. Each step locks the event's row and claims its
round by moving ``Tournament.round`` on, so two workers at once seat a round once.

A table left unfinished at a deadline is played on by the autopilot as any table is; someone
who withdraws has their seat played by the autopilot to the end of that table only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

import engine
from accounts.models import public_name
from games.models import (
    Entrant,
    Game,
    GameStatus,
    RoundTime,
    Seat,
    SeatKind,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)
from games.models.tournaments import MAX_ENTRANTS
from games.notifications.write import notify_tournament_table
from games.services.bots import round_started
from games.services.departures import hand_to_autopilot
from games.services.errors import GameError
from games.services.record import begin_play
from games.tournaments import pairing
from games.tournaments.points import Standing, standings
from games.tournaments.tally import Played, rating_now, standings_of, tables_of

logger = logging.getLogger(__name__)

MAX_SWISS_ROUNDS = 10
SIGNUP_AT_MOST = timedelta(days=60)
#: The level of the bots that fill seats, when the host allows them.
FILL_BOT = "medium"


@dataclass(frozen=True)
class Rules:
    """What a host asks for when creating an event."""

    name: str
    format: str
    table_size: int
    round_minutes: int
    rated: bool
    bots_fill: bool
    rounds: int
    min_rating: int | None
    max_rating: int | None
    signup_closes_at: datetime
    min_entrants: int
    max_entrants: int


def problems(rules: Rules, now: datetime) -> dict[str, str]:
    """What is wrong with ``rules``, by field (empty when nothing is): the create form shows
    each beside its field, and :func:`create_tournament` refuses the first."""
    found: dict[str, str] = {}
    size = rules.table_size
    if not 3 <= len(rules.name.strip()) <= 80:
        found["name"] = _("Give the event a name of 3 to 80 characters.")
    if not 2 <= size <= 5:
        found["table_size"] = _("A table has 2 to 5 seats.")
    if rules.round_minutes not in RoundTime.values:
        found["round_minutes"] = _("Choose a time per round from the list.")
    if rules.format not in TournamentFormat.values:
        found["format"] = _("Choose Swiss, or groups then a final.")
    elif rules.format == TournamentFormat.SWISS and not 1 <= rules.rounds <= MAX_SWISS_ROUNDS:
        found["rounds"] = _("A Swiss event has 1 to %(most)d rounds.") % {"most": MAX_SWISS_ROUNDS}
    if rules.min_entrants < 2:
        found["min_entrants"] = _("An event needs at least 2 entrants.")
    elif rules.min_entrants > rules.max_entrants:
        found["min_entrants"] = _("The fewest entrants is more than the most entrants.")
    elif rules.format == TournamentFormat.GROUPS and 2 <= size <= 5:
        if rules.min_entrants < size + 1:
            found["min_entrants"] = _(
                "Groups and a final need at least %(fewest)d entrants: two groups of tables "
                "of %(size)d."
            ) % {"fewest": size + 1, "size": size}
        elif rules.max_entrants > size * size:
            found["max_entrants"] = _(
                "With tables of %(size)d, the final seats %(size)d group winners: at most "
                "%(most)d entrants."
            ) % {"size": size, "most": size * size}
    elif not rules.bots_fill and 2 <= size <= 5 and rules.min_entrants < size:
        found["min_entrants"] = _(
            "Without bots, at least %(size)d entrants are needed to fill one table of %(size)d."
        ) % {"size": size}
    if rules.max_entrants > MAX_ENTRANTS and "max_entrants" not in found:
        found["max_entrants"] = _("An event takes at most %(most)d entrants.") % {
            "most": MAX_ENTRANTS
        }
    low, high = rules.min_rating, rules.max_rating
    if low is not None and high is not None and low > high:
        found["min_rating"] = _("The lowest rating allowed is above the highest.")
    if rules.signup_closes_at <= now:
        found["signup_closes_at"] = _("Sign-up must close in the future.")
    elif rules.signup_closes_at > now + SIGNUP_AT_MOST:
        found["signup_closes_at"] = _("Sign-up must close within 60 days.")
    return found


@transaction.atomic
def create_tournament(host: User, rules: Rules, now: datetime) -> Tournament:
    """A new event open for sign-up (the host is not entered: they may enter like anyone)."""
    wrong = problems(rules, now)
    if wrong:
        raise GameError(next(iter(wrong.values())))
    return Tournament.objects.create(
        name=rules.name.strip(), host=host, format=rules.format, table_size=rules.table_size,
        round_minutes=rules.round_minutes, rated=rules.rated, bots_fill=rules.bots_fill,
        rounds=rules.rounds if rules.format == TournamentFormat.SWISS else 2,
        min_rating=rules.min_rating, max_rating=rules.max_rating,
        signup_closes_at=rules.signup_closes_at, min_entrants=rules.min_entrants,
        max_entrants=rules.max_entrants,
    )  # fmt: skip


def set_featured(tournament_ids: list[int], featured: bool) -> int:
    """Staff feature events (they lead the lists) or stop; returns how many changed."""
    return Tournament.objects.filter(pk__in=tournament_ids).update(featured=featured)


def _locked(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise GameError(_("There is no such event."))
    return tournament


def rating_range(tournament: Tournament) -> str:
    """The ratings an event takes, in words ("" when it takes any)."""
    low, high = tournament.min_rating, tournament.max_rating
    # Translators: the ratings an event takes, after "4 to 16 entrants, ".
    if low is not None and high is not None:
        return _("ratings from %(low)d to %(high)d") % {"low": low, "high": high}
    if low is not None:
        return _("ratings of %(low)d and above") % {"low": low}
    if high is not None:
        return _("ratings up to %(high)d") % {"high": high}
    return ""


@transaction.atomic
def enter(tournament_id: int, user: User, now: datetime) -> Entrant:
    """Enter ``user`` in an event open for sign-up, or refuse with the reason and change
    nothing: closed, full, out of the rating range, already entered."""
    tournament = _locked(tournament_id)
    name = tournament.name
    if tournament.status != TournamentStatus.OPEN or tournament.signup_closes_at <= now:
        raise GameError(_("Sign-up for %(event)s has closed.") % {"event": name})
    if tournament.entrants.filter(user=user).exists():
        raise GameError(_("You are already entered in %(event)s.") % {"event": name})
    if tournament.entrants.count() >= tournament.max_entrants:
        raise GameError(
            _("%(event)s is full: it takes %(most)d entrants.")
            % {"event": name, "most": tournament.max_entrants}
        )
    rating = rating_now(user.pk, tournament.table_size)
    low, high = tournament.min_rating, tournament.max_rating
    if (low is not None and rating < low) or (high is not None and rating > high):
        said = {"event": name, "low": low, "high": high, "rating": rating}
        if low is not None and high is not None:
            raise GameError(
                _("%(event)s takes ratings from %(low)d to %(high)d; yours is %(rating)d.") % said
            )
        if low is not None:
            raise GameError(
                _("%(event)s takes ratings of %(low)d and above; yours is %(rating)d.") % said
            )
        raise GameError(_("%(event)s takes ratings up to %(high)d; yours is %(rating)d.") % said)
    return Entrant.objects.create(
        tournament=tournament, user=user, name=public_name(user), rating=rating
    )


@transaction.atomic
def withdraw(tournament_id: int, user: User, now: datetime) -> bool:
    """Leave an event. Before it starts the entry simply goes (returns False); once it runs
    the entrant is marked withdrawn, seated no more, and the autopilot plays their seat to the
    end of the table they are at (returns True)."""
    tournament = _locked(tournament_id)
    entrant = tournament.entrants.filter(user=user, withdrawn_at__isnull=True).first()
    if entrant is None:
        raise GameError(_("You are not entered in %(event)s.") % {"event": tournament.name})
    if tournament.status == TournamentStatus.OPEN:
        entrant.delete()
        return False
    if tournament.status != TournamentStatus.RUNNING:
        raise GameError(_("%(event)s is over.") % {"event": tournament.name})
    entrant.withdrawn_at, entrant.withdrawn_round = now, tournament.round
    entrant.save(update_fields=["withdrawn_at", "withdrawn_round"])
    at_tables = Game.objects.select_for_update().filter(
        tournament=tournament, status=GameStatus.PLAYING, seats__user=user
    )
    for game in at_tables.order_by("pk"):
        seat = game.seats.get(user=user)
        hand_to_autopilot(game, seat)
    return True


def _seated(entrants: list[Entrant]) -> list[Entrant]:
    """Who is seated in the next round: not withdrawn, and still with an account."""
    return [e for e in entrants if e.withdrawn_at is None and e.user_id is not None]


@transaction.atomic
def begin(tournament_id: int, now: datetime) -> bool:
    """Close an event's sign-up once its time has come: seat round 1, or cancel the event if
    too few entered. Returns whether this call did it (False if not due or done already)."""
    tournament = (
        Tournament.objects.select_for_update()
        .filter(pk=tournament_id, status=TournamentStatus.OPEN, signup_closes_at__lte=now)
        .first()
    )
    if tournament is None:
        return False
    entrants = list(tournament.entrants.all())
    if len(_seated(entrants)) < tournament.min_entrants:
        tournament.status, tournament.finished_at = TournamentStatus.CANCELLED, now
        tournament.save(update_fields=["status", "finished_at"])
        return True
    tournament.status, tournament.started_at = TournamentStatus.RUNNING, now
    _seat_or_finish(tournament, 1, entrants, [], now)
    return True


@transaction.atomic
def round_over(tournament_id: int, round_: int, now: datetime) -> bool:
    """If round ``round_`` is the event's round in play and all its tables are over, seat the
    next round or finish the event. Safe to run any number of times, and two at once: the
    second finds the round moved on. Returns whether this call moved the event on."""
    tournament = (
        Tournament.objects.select_for_update()
        .filter(pk=tournament_id, status=TournamentStatus.RUNNING, round=round_)
        .first()
    )
    if tournament is None or _in_play(tournament, round_).exists():
        return False
    entrants = list(tournament.entrants.all())
    played = tables_of(tournament, entrants)
    if round_ < tournament.rounds:
        _seat_or_finish(tournament, round_ + 1, entrants, played, now)
    else:
        _finish(tournament, entrants, played, now)
    return True


def _in_play(tournament: Tournament, round_: int) -> QuerySet[Game]:
    return Game.objects.filter(
        tournament=tournament,
        tournament_round=round_,
        status__in=[GameStatus.FORMING, GameStatus.PLAYING],
    )


def _seat_or_finish(
    tournament: Tournament,
    round_: int,
    entrants: list[Entrant],
    played: list[Played],
    now: datetime,
) -> None:
    seating = _seating(tournament, round_, entrants, played)
    if seating is None or not seating.tables:
        _finish(tournament, entrants, played, now)
        return
    tournament.round = round_
    tournament.save(update_fields=["status", "started_at", "round"])
    by_pk = {e.pk: e for e in entrants}
    for pk in seating.byes:
        by_pk[pk].bye_rounds = [*by_pk[pk].bye_rounds, round_]
        by_pk[pk].save(update_fields=["bye_rounds"])
    for table, bots in zip(seating.tables, seating.bots, strict=True):
        _open_table(tournament, round_, [by_pk[pk] for pk in table], bots, now)


def _seating(
    tournament: Tournament, round_: int, entrants: list[Entrant], played: list[Played]
) -> pairing.Seating | None:
    seated = _seated(entrants)
    size, bots = tournament.table_size, tournament.bots_fill
    if round_ == 1:
        order = [e.pk for e in sorted(seated, key=lambda e: (-e.rating, e.name.lower(), e.pk))]
        if tournament.is_swiss:
            return pairing.swiss_round(order, size, frozenset(), {}, bots=bots)
        return _groups(order, size, bots)
    active = {e.pk for e in seated}
    if tournament.is_swiss:
        order = [s.entrant for s in standings_of(entrants, played) if s.entrant in active]
        met: set[pairing.Pair] = set()
        for table in played:
            met |= pairing.pairs_of(table.entrants)
        had = {e.pk: len(e.bye_rounds) for e in entrants}
        return pairing.swiss_round(order, size, met, had, bots=bots)
    winners = [w for w in group_winners(entrants, played) if w in active]
    if len(winners) < 2 and not (bots and winners):
        return None
    return pairing.Seating((tuple(winners),), (size - len(winners) if bots else 0,))


def _groups(order: list[int], size: int, bots: bool) -> pairing.Seating:
    """The group tables; a group of one (no bots to sit with) goes through on a bye."""
    dealt = pairing.groups(order, size, bots=bots)
    tables = [(t, b) for t, b in zip(dealt.tables, dealt.bots, strict=True) if len(t) + b >= 2]
    alone = tuple(t[0] for t, b in zip(dealt.tables, dealt.bots, strict=True) if len(t) + b < 2)
    return pairing.Seating(tuple(t for t, _ in tables), tuple(b for _, b in tables), alone)


def group_winners(entrants: list[Entrant], played: list[Played]) -> list[int]:
    """Each group's best entrant still in the event, in the order of the group tables (a
    group of one goes through on its bye)."""
    keys = {e.pk: (e.pk, e.rating, e.name) for e in entrants}
    still_in = {e.pk for e in _seated(entrants)}
    winners = []
    for table in (p for p in played if p.round == 1):
        line = standings([keys[pk] for pk in table.entrants], [table.finishes])
        best = next((s.entrant for s in line if s.entrant in still_in), None)
        if best is not None:
            winners.append(best)
    winners.extend(e.pk for e in entrants if 1 in e.bye_rounds and e.pk in still_in)
    return winners


def final_order(
    tournament: Tournament, entrants: list[Entrant], played: list[Played]
) -> list[Standing]:
    """The event's standings as its page shows them: for groups and a final, the final's
    players first (in the final's order), then everyone else by the group tables."""
    if tournament.is_swiss:
        return standings_of(entrants, played)
    final = standings_of(
        [e for e in entrants if any(e.pk in p.entrants for p in played if p.round == 2)],
        played,
        rounds=range(2, 3),
    )
    in_final = {s.entrant for s in final}
    groups = standings_of(entrants, played, rounds=range(1, 2))
    return final + [s for s in groups if s.entrant not in in_final]


def _finish(
    tournament: Tournament, entrants: list[Entrant], played: list[Played], now: datetime
) -> None:
    by_pk = {e.pk: e for e in entrants}
    for place, line in enumerate(final_order(tournament, entrants, played), start=1):
        Entrant.objects.filter(pk=by_pk[line.entrant].pk).update(place=place)
    tournament.status, tournament.finished_at = TournamentStatus.FINISHED, now
    tournament.save(update_fields=["status", "started_at", "finished_at", "round"])


def _open_table(
    tournament: Tournament, round_: int, people: list[Entrant], bots: int, now: datetime
) -> Game:
    """Seat ``people`` (and ``bots`` bots) at a new table of the event and start it."""
    game = Game.objects.create(
        host=None, seats_wanted=len(people) + bots, round_minutes=tournament.round_minutes,
        is_open=True, rated=tournament.rated, tournament=tournament, tournament_round=round_,
    )  # fmt: skip
    for position, entrant in enumerate(people):
        Seat.objects.create(game=game, user_id=entrant.user_id, position=position)
    for position in range(len(people), len(people) + bots):
        Seat.objects.create(game=game, position=position, kind=SeatKind.BOT, bot=FILL_BOT)
    begin_play(game, engine.new_game(game.seed, len(people) + bots), now, deadline=True)
    round_started(game)
    notify_tournament_table(game, now=now)
    return game


@dataclass(frozen=True)
class Kept:
    """What one run of the events' sweep did."""

    begun: int = 0
    moved_on: int = 0


def keep_tournaments(now: datetime) -> Kept:
    """The minute sweep: close every sign-up whose time has come, and move on every running
    event whose round has no table left in play (its message was lost). Each event in its own
    transaction; one event's failure is logged and the others go on."""
    due = Tournament.objects.filter(status=TournamentStatus.OPEN, signup_closes_at__lte=now)
    begun = sum(
        _safely(partial(begin, pk, now), f"starting event {pk}")
        for pk in due.values_list("pk", flat=True)
    )
    in_play = Game.objects.filter(
        tournament=OuterRef("pk"),
        tournament_round=OuterRef("round"),
        status__in=[GameStatus.FORMING, GameStatus.PLAYING],
    )
    stuck = Tournament.objects.filter(status=TournamentStatus.RUNNING).filter(~Exists(in_play))
    moved = sum(
        _safely(partial(round_over, pk, round_, now), f"round {round_} of event {pk}")
        for pk, round_ in stuck.values_list("pk", "round")
    )
    return Kept(begun, moved)


def _safely(step: Callable[[], bool], about: str) -> bool:
    try:
        return step()
    except Exception:
        logger.exception("%s failed; the next sweep tries again", about)
        return False
