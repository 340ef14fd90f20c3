"""Events for the tournament tests: made through the services, their tables played out by
random legal moves of the people seated (the bots playing as the worker has them play)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from django.contrib.auth.models import User
from django.test import TestCase

from games.models import Game, GameStatus, RoundTime, Tournament, TournamentFormat
from games.tournaments import events
from tests.conftest import make_person
from tests.games.playing import play_to_end

#: When the events of the tests are created; sign-up closes a day later.
CREATED = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
CLOSES = CREATED + timedelta(days=1)


def rules(**changes: object) -> events.Rules:
    """A Swiss event of 3 rounds at tables of 3, unrated, no bots, 2 to 12 entrants."""
    fields: dict[str, object] = {
        "name": "Spring Swiss", "format": TournamentFormat.SWISS, "table_size": 3,
        "round_minutes": RoundTime.ONE_DAY, "rated": False, "bots_fill": False, "rounds": 3,
        "min_rating": None, "max_rating": None, "signup_closes_at": CLOSES,
        "min_entrants": 3, "max_entrants": 12,
    }  # fmt: skip
    fields.update(changes)
    return events.Rules(**fields)  # type: ignore[arg-type]


def event_with(people: list[User], **changes: object) -> Tournament:
    """An event the first person hosts, everyone entered, not started yet."""
    tournament = events.create_tournament(people[0], rules(**changes), CREATED)
    for person in people:
        events.enter(tournament.pk, person, CREATED)
    return tournament


def people(count: int, prefix: str = "P") -> list[User]:
    return [make_person(f"{prefix}{n:02}") for n in range(1, count + 1)]


def round_tables(tournament: Tournament, round_: int) -> list[Game]:
    return list(Game.objects.filter(tournament=tournament, tournament_round=round_).order_by("pk"))


def play_round(
    tournament: Tournament, round_: int, seed: int, *, lose_messages: bool = False
) -> None:
    """Play every table of the round to its end. The work each move enqueued runs in-process
    after it, as the worker would run it: the last table's end seats the next round or
    finishes the event (unless ``lose_messages``: then the broker lost every message)."""
    rng = random.Random(seed)
    with TestCase.captureOnCommitCallbacks(execute=not lose_messages):
        for game in round_tables(tournament, round_):
            if game.status == GameStatus.PLAYING:
                play_to_end(game, rng)
