"""Nothing a viewer may not see, on any route (R4.2, invite-only tables).

Every route of the URLconf is listed in ``access_matrix.py``; each is fetched as a co-player, a
pending invitee, an unrelated person and a logged-out visitor. The answers' statuses are the
matrix; no answer to someone who did not sit at an invite-only table names it; and every GET
answers the same before and after each kind of hidden move (a tile that ends the turn, a tile
with a sheep to follow, one with a bonus tile to follow, a tower), apart from CSRF tokens and
the mover's "done".
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine

import engine
from games.engine_bridge import load_state
from games.models import Game
from tests.site.access_matrix import ACCOUNT_PAGES, ADMIN, ROLES, ROWS, SKIP
from tests.site.crawl import (
    World,
    address,
    build_world,
    client_for,
    gets,
    hidden_move,
    normalised,
    play,
    route_names,
)

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)  # a Wednesday: this week's challenge is open


@pytest.fixture(autouse=True)
def _drawn_every_time(settings: Any) -> None:
    """The crawl judges what is drawn, so no page comes from a cache."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def test_every_route_is_in_the_access_matrix() -> None:
    listed = {row.name for row in ROWS} | set(SKIP)
    missing = [
        name
        for name in route_names()
        if name not in listed and not name.startswith((ACCOUNT_PAGES, ADMIN))
    ]
    assert not missing, f"routes missing from tests/site/access_matrix.py: {missing}"


def _tables(world: World) -> list[tuple[Any, ...]]:
    """What a refused request must leave as it was, for each table of the world."""
    return [
        (
            game.version,
            game.status,
            game.actions.count(),
            game.seats.count(),
            game.invitations.count(),
            game.messages.count(),
        )
        for game in Game.objects.filter(pk__in=[world.open.pk, world.private.pk, world.finished.pk])
    ]


def test_every_route_answers_each_role_as_the_matrix_says() -> None:
    world = build_world()
    before = _tables(world)
    seen = {}
    for row in ROWS:
        for role in ROLES:
            client = client_for(world, role)
            url = address(world, row)
            if row.method == "GET":
                answer = next(iter(gets(world, row, client).values()))()
                status = answer[0]
            else:
                status = client.post(url, {}).status_code
            seen[(row.name, row.method, row.subject, role)] = status
    wrong = {
        key: (status, row.status(key[3]))
        for row in ROWS
        for key, status in seen.items()
        if key[:3] == (row.name, row.method, row.subject) and status != row.status(key[3])
    }
    assert not wrong, f"(route, method, subject, role): (answered, expected) {wrong}"
    assert _tables(world) == before, "a refused request changed a table"


def _read_everything(world: World) -> dict[tuple[str, str], tuple[int, str]]:
    """Every GET of the matrix (with a table's fragments) as every role: status and body."""
    answers = {}
    for row in ROWS:
        if row.method != "GET":
            continue
        for role in ROLES:
            client = client_for(world, role)
            for label, fetch in gets(world, row, client).items():
                status, body = fetch()
                for secret in world.secrets_for(role):
                    assert secret not in body, f"{label} names {secret!r} to the {role}"
                answers[(label, role)] = (status, normalised(body))
    return answers


def test_no_route_tells_a_hidden_move() -> None:
    """One table, four rounds apart: each kind of hidden move in turn, read around it."""
    with time_machine.travel(START, tick=False):  # the same instant for every read
        world = build_world()
        for kind in ("tile", "sheep", "bonus", "tower"):
            move = hidden_move(world, kind)
            before = _read_everything(world)
            play(world, move)
            turn_over = engine.pending(load_state(world.open), 0).kind is engine.PendingKind.NONE
            after = _read_everything(world)
            changed = [
                key
                for key in before
                if before[key] != after[key]
                # A turn that ends tells the poll so: that is the mover's "done", nothing more.
                and not (turn_over and key[0].startswith("games:status"))
            ]
            assert not changed, f"after a hidden {kind} move these answered otherwise: {changed}"
