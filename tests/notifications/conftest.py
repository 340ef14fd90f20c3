"""Roles for the notification tests: two players at a table that started at a fixed time."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.contrib.auth.models import User
from pytest_django.fixtures import Settings as SettingsWrapper

from games import services
from games.models import Game, GameStatus
from games.models.outbox import Kind, OutboxMessage
from tests.fixtures.smtp import Sink, serving
from tests.games.playing import finish_turns

SEED = 20261129
#: When the table of the ``started`` fixture starts: round 1 ends a day later.
T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
#: When its "table started" mails are due (after the grace for players still at the table).
T1 = T0 + timedelta(minutes=5)


def start_table(host: User, *others: User, now: datetime = T0, hours: int = 24) -> Game:
    """A table of ``host`` and ``others`` that starts at ``now`` with the fixed seed."""
    game = services.create_game(
        host, seats_wanted=1 + len(others), round_minutes=hours * 60, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    for other in others:
        game = services.join_game(game.pk, other, now=now)
    return Game.objects.get(pk=game.pk)


def play_to_the_end(game: Game, seed: int = 3) -> Game:
    """Every seat plays every round (and the towers) until the game is finished."""
    rng = random.Random(seed)
    while game.status == GameStatus.PLAYING:
        game = finish_turns(game, rng)
        services.advance_complete_games()
        game.refresh_from_db()
    return game


def rows(kind: Kind | None = None) -> list[OutboxMessage]:
    """The outbox, oldest first (only ``kind`` when given)."""
    found = OutboxMessage.objects.order_by("pk").select_related("user")
    return list(found if kind is None else found.filter(kind=kind))


@pytest.fixture
def started(host: User, player: User) -> Game:
    """Aoife and Brendan's two-player table, in round 1 since ``T0`` (one day per round)."""
    return start_table(host, player)


class PickySink(Sink):
    """A sink whose server refuses some recipients outright (550), as a real server may."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: set[str] = set()

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        if address in self.refused:
            return "550 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"


@pytest.fixture
def picky_sink(settings: SettingsWrapper) -> Iterator[PickySink]:
    """Like ``smtp_sink``, but addresses put in ``sink.refused`` are refused by the server."""
    with serving(PickySink(), settings) as sink:
        yield sink
