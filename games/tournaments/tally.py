"""The standings of an event as its finished tables and byes make them (read, never written).

Every seat of a finished table counts with its rank and total; a table closed before the end
(nobody played it out) counts nobody. Bots take places but have no line of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.models import Entrant, Game, GameStatus, Rating, Tournament
from games.ratings.scale import START_MU, START_SIGMA, ordinal, pool_for, shown
from games.tournaments.points import Finish, Standing, standings


def rating_now(user_id: int, table_size: int) -> int:
    """The person's shown rating in the pool of the event's tables (a newcomer's if none)."""
    row = Rating.objects.filter(user_id=user_id, pool=pool_for(table_size)).first()
    if row is None:
        return shown(ordinal(START_MU, START_SIGMA))
    return shown(row.ordinal)


@dataclass(frozen=True)
class Played:
    """One table of the event with its entrants' finishes (empty while it is in play)."""

    game: Game
    round: int
    entrants: tuple[int, ...]
    finishes: tuple[Finish, ...]


def tables_of(tournament: Tournament, entrants: list[Entrant]) -> list[Played]:
    """Every table of the event, round by round, with who sat there (one query, with seats)."""
    by_user = {e.user_id: e.pk for e in entrants if e.user_id is not None}
    games = (
        Game.objects.filter(tournament=tournament)
        .prefetch_related("seats")
        .order_by("tournament_round", "pk")
    )
    played = []
    for game in games:
        seats = sorted(game.seats.all(), key=lambda s: s.position)
        people = tuple(by_user[s.user_id] for s in seats if s.user_id in by_user)
        finishes: tuple[Finish, ...] = ()
        if game.status == GameStatus.FINISHED:
            finishes = tuple(
                Finish(by_user.get(s.user_id) if s.user_id else None, s.rank or 0,
                       int((s.score or {}).get("total", 0)))
                for s in seats
            )  # fmt: skip
        played.append(Played(game, game.tournament_round or 0, people, finishes))
    return played


def standings_of(
    entrants: list[Entrant], played: list[Played], *, rounds: range | None = None
) -> list[Standing]:
    """The standings over the tables of ``rounds`` (every round when None) and the byes."""
    keys = [(e.pk, e.rating, e.name) for e in entrants]
    tables = [p.finishes for p in played if rounds is None or p.round in rounds]
    byes = [
        e.pk for e in entrants for r in e.bye_rounds if rounds is None or r in rounds
    ]  # fmt: skip
    return standings(keys, tables, byes)
