"""The crawl's world and its fetching: two tables in play around one player who moves.

Aoife makes the hidden moves. She plays an open table and an invite-only one with Brendan,
and finished an invite-only table with him before; Eimear was invited to the invite-only
table but never took her seat; Ciara has nothing to do with either. In round 1 of the open
table Aoife missed the deadline, so the autopilot played for her: her public "plays N % of
rounds" then moves with any round counted too early.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

import engine
from games import services
from games.challenge import entries
from games.challenge.weeks import week_of
from games.engine_bridge import load_state
from games.models import Game, GameStatus, RoundTime, TournamentFormat
from games.services.tables import invite_token
from games.tournaments import events
from tests.conftest import make_person
from tests.games.playing import finish_turns, play_round, play_to_end, step_of
from tests.site.access_matrix import EVENT, NONE, OPEN, PLAYER, WEEK, Row

SEED = 20261202
#: The fragments of a table's page the browser asks for, besides the page itself.
FRAGMENTS = ("turn", "table", "game")


@dataclass
class World:
    mover: User
    player: User
    invitee: User
    other: User
    open: Game
    private: Game
    finished: Game  # invite-only, over: Aoife and Brendan's
    week: str
    event: int  # a tournament Aoife and Brendan entered, cancelled short of entrants

    def viewer(self, role: str) -> User | None:
        return None if role == "visitor" else getattr(self, role)

    def table(self, subject: str) -> Game:
        return self.open if subject == OPEN else self.private

    def secrets_for(self, role: str) -> tuple[str, ...]:
        """Addresses of invite-only tables that must appear in nothing ``role`` is sent."""
        if role == "player":
            return ()
        return (
            f"/games/{self.finished.pk}/",
            f"/games/{self.private.pk}/",
            f"Table {self.finished.pk}<",
        )


def _table(
    host: User, guests: list[User], *, is_open: bool, invited: tuple[User, ...] = ()
) -> Game:
    game = services.create_game(
        host, seats_wanted=1 + len(guests), round_minutes=RoundTime.ONE_DAY, is_open=is_open,
        rated=True,
    )  # fmt: skip
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    for person in (*invited, *guests):
        if not is_open:
            services.invite_player(game.pk, host, person.username)
    for person in guests:
        services.join_game(game.pk, person)
    game.refresh_from_db()
    return game


def build_world() -> World:
    mover, player = make_person("Aoife"), make_person("Brendan")
    invitee, other = make_person("Eimear"), make_person("Ciara")
    finished = play_to_end(_table(mover, [player], is_open=False), random.Random(1))
    open_ = _table(mover, [player], is_open=True)
    # Round 1 of the open table: Brendan plays, Aoife misses the deadline.
    finish_turns(open_, random.Random(2), skip=(0,))
    services.play_overdue(open_.pk, now=timezone.now() + timedelta(days=2))
    open_.refresh_from_db()
    private = _table(mover, [player], is_open=False, invited=(invitee,))
    now = timezone.now()
    entries.open_week(now, seed=49)
    return World(
        mover, player, invitee, other, open_, private, finished, week_of(now), _event(mover, player)
    )


def _event(*people: User) -> int:
    """A tournament whose sign-up has closed, too short of entrants to start: it takes no entry
    and no withdrawal."""
    now = timezone.now()
    rules = events.Rules(
        name="Crawl Cup", format=TournamentFormat.SWISS, table_size=3, round_minutes=1440,
        rated=False,
        bots_fill=False, rounds=2, min_rating=None, max_rating=None,
        signup_closes_at=now + timedelta(hours=1), min_entrants=3, max_entrants=8,
    )  # fmt: skip
    tournament = events.create_tournament(people[0], rules, now)
    for person in people:
        events.enter(tournament.pk, person, now)
    assert events.begin(tournament.pk, now + timedelta(hours=1))
    return tournament.pk


def hidden_move(world: World, kind: str) -> str:
    """Bring the open table to a round where Aoife has a move of ``kind`` and return it
    (played by whole rounds first, as the table would go): a tile that ends her turn, a tile
    followed by a sheep, one followed by a bonus tile, or a tower of the towers step."""
    game = world.open
    game.refresh_from_db()
    for _ in range(30):
        state = load_state(game)
        found = _move_of(state, kind)
        if found is not None:
            return found
        services.play_waiting_seats(game.pk, game.round)
        game = play_round(game, random.Random(game.round))
        assert game.status == GameStatus.PLAYING, f"the game ended with no {kind} move"
    raise AssertionError(f"no {kind} move in 30 rounds")


def _move_of(state: engine.GameState, kind: str) -> str | None:
    todo = engine.pending(state, 0).kind
    if kind == "tower":
        if todo is not engine.PendingKind.TOWER:
            return None
        return str(engine.PlaceTower(*engine.legal_cells(state, 0)[0]))
    if todo is not engine.PendingKind.TILE:
        return None
    follow = {"tile": engine.PendingKind.NONE, "sheep": engine.PendingKind.SHEEP,
              "bonus": engine.PendingKind.BONUS}[kind]  # fmt: skip
    for slot in (0, 1):
        for placement in engine.legal_placements(state, 0, slot):
            action = engine.PlaceTile(slot, *placement)
            if engine.pending(engine.apply(state, 0, action)[0], 0).kind is follow:
                return str(action)
    return None


def play(world: World, notation: str) -> None:
    services.submit_action(world.open.pk, world.mover, notation, step_of(world.open, world.mover))


# --- The routes -------------------------------------------------------------------------------


def route_names() -> Iterator[str]:
    """Every named route of the URLconf, with its namespace ("games:game")."""

    def walk(resolver: URLResolver, namespace: str) -> Iterator[str]:
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                inner = ":".join(p for p in (namespace, pattern.namespace or "") if p)
                yield from walk(pattern, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                yield f"{namespace}:{pattern.name}" if namespace else pattern.name

    yield from walk(get_resolver(), "")


def address(world: World, row: Row) -> str:
    """The URL of ``row``'s route for the world's subject."""
    if row.name == "jsi18n":
        return reverse(row.name, args=["en"])
    if row.subject == NONE:
        return reverse(row.name)
    if row.subject == PLAYER:
        return reverse(row.name, args=[world.mover.username])
    if row.subject == WEEK:
        return reverse(row.name, args=[world.week])
    if row.subject == EVENT:
        return reverse(row.name, args=[world.event])
    game = world.table(row.subject)
    if row.name == "games:invitation":
        return reverse(row.name, args=[invite_token(game)])
    if row.name == "games:withdraw_invitation":
        invitation = game.invitations.get()
        return reverse(row.name, args=[game.pk, invitation.pk])
    return reverse(row.name, args=[game.pk])


def client_for(world: World, role: str) -> Client:
    client = Client()
    viewer = world.viewer(role)
    if viewer is not None:
        client.force_login(viewer)
    return client


Fetch = Callable[[], tuple[int, str]]


def gets(world: World, row: Row, client: Client) -> dict[str, Fetch]:
    """What the crawl reads of a GET route, by label: the page, and a table page's fragments."""
    url = address(world, row)

    def get(path: str, headers: dict[str, str] | None = None) -> Fetch:
        def fetch() -> tuple[int, str]:
            response = client.get(path, headers=headers or {})
            return response.status_code, response.content.decode(errors="replace")

        return fetch

    label = f"{row.name} {row.subject}"
    if row.name == "games:status":
        return {label: get(f"{url}?t={poll_token(world, row, client)}")}
    fetches = {label: get(url)}
    if row.name == "games:game":
        for target in FRAGMENTS:
            fetches[f"{label} #{target}"] = get(url, {"HX-Request": "true", "HX-Target": target})
    if row.name == "ratings:player":
        fetches[f"{label} ?page=new"] = get(f"{url}?page=new")  # any page value, drawn anew
    return fetches


def poll_token(world: World, row: Row, client: Client) -> str:
    """The token the viewer's page of the table was drawn with (any token when it has none)."""
    page = client.get(reverse("games:game", args=[world.table(row.subject).pk])).content.decode()
    found = re.search(r"\?t=([0-9a-f]{24})", page)
    return found.group(1) if found else "0" * 24


def normalised(html: str) -> str:
    """A response without what may differ between two fetches: CSRF tokens (masked anew each
    time), poll tokens, and the seats' done / playing status (the mover's "done")."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    html = re.sub(r"\?t=[0-9a-f]+", "?t=T", html)
    html = re.sub(r'data-token="[0-9a-f]+"', 'data-token="T"', html)
    html = re.sub(r'<span class="(done|waiting)">\w+</span>', "STATUS", html)
    return re.sub(r'<span class="state">[\w ]+</span>', "STATUS", html)
