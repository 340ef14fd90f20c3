"""The pages of the language tests, each as a German reader meets it: the site's world of tables
(``tests.site.crawl``), then a table at each step of a round, the finished table's review, an
event with standings, the week's challenge with results, the forms refused with their errors, the
error pages and the settings.

Drawing them takes a while (whole games are played): :func:`draw` is run once per test module
and the pages kept as text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import Profile
from games import services
from games.challenge import entries
from games.models import PushSubscription, RoundTime, Seat
from games.models.outbox import Kind
from games.notifications.push.devices import device_label
from games.notifications.unsubscribe import unsubscribe_token
from games.ratings.rate import rate_game
from games.review.run import ask_for_review, run_review
from games.services.chat import post_message
from games.services.tables import invite_token
from games.tournaments import events
from tests.factories import PASSWORD
from tests.games.playing import play_to_end
from tests.site.crawl import World, build_world, hidden_move, play
from tests.tournaments.events import CLOSES, event_with, people
from tests.tournaments.events import play_round as play_event_round

GERMAN = {"accept-language": "de"}
Pages = dict[str, str]


@dataclass
class _Reader:
    """Fetches pages as German readers and keeps them by name."""

    pages: Pages = field(default_factory=dict)
    visitor: Client = field(default_factory=lambda: Client(headers=GERMAN))

    def client(self, user: User | None) -> Client:
        client = Client(headers=GERMAN)
        if user is not None:
            client.force_login(user)
        return client

    def get(self, name: str, client: Client, url: str, status: int = 200, **headers: str) -> None:
        response = client.get(url, headers=headers, follow=status == 200)
        self._keep(name, url, response, status)

    def post(self, name: str, client: Client, url: str, data: dict[str, str], status: int) -> None:
        response = client.post(url, data, follow=status == 200)
        self._keep(name, url, response, status)

    def _keep(self, name: str, url: str, response: object, status: int) -> None:
        code = getattr(response, "status_code", None)
        assert code == status, f"{name} ({url}): {code}"
        self.pages[name] = getattr(response, "content", b"").decode()


def draw() -> Pages:
    """Every page of the language tests, by name, as its German reader sees it."""
    cache.clear()
    world = build_world()
    read = _Reader()
    player, visitor = read.client(world.player), read.visitor
    _site(read, world, player, visitor)
    _finished_table(read, world)
    _forms_and_errors(read, world, player, visitor)
    _events_and_weeks(read, world)
    _away_with_a_device(read, world)
    _steps_of_a_round(read, world)  # last: it plays the open table on
    return read.pages


def _site(read: _Reader, world: World, player: Client, visitor: Client) -> None:
    forming = services.create_game(
        world.other, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    invite_only = services.create_game(
        world.player, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False
    )
    services.invite_player(invite_only.pk, world.player, world.other.username)
    other = read.client(world.other)
    post_message(world.open.pk, world.player, "Sláinte!")
    post_message(world.open.pk, world.mover, "Go n-éirí leat")
    for name, client, url in [
        ("home", player, reverse("home")),
        ("home, visitor", visitor, reverse("home")),
        ("lobby", player, reverse("games:lobby")),
        ("your games", player, reverse("games:mine")),
        ("finished tables", player, reverse("games:finished")),
        ("rules", visitor, reverse("rules")),
        ("learn", player, reverse("learn")),
        ("log-in", visitor, reverse("account_login")),
        ("sign-up", visitor, reverse("account_signup")),
        ("password reset", visitor, reverse("account_reset_password")),
        ("settings: profile", player, reverse("accounts:settings")),
        ("settings: mail", player, reverse("accounts:notifications")),
        ("settings: devices", player, reverse("push:devices")),
        ("settings: vacation", player, reverse("accounts:vacation")),
        ("settings: delete", player, reverse("accounts:delete")),
        ("game, table talk", player, reverse("games:game", args=[world.open.pk])),
        ("game, spectator", other, reverse("games:game", args=[world.open.pk])),
        ("history", player, reverse("games:history", args=[world.open.pk])),
        ("forming table", player, reverse("games:game", args=[forming.pk])),
        ("forming table, invitations", player, reverse("games:game", args=[invite_only.pk])),
        ("invitation", other, reverse("games:invitation", args=[invite_token(invite_only)])),
        ("leaderboard", visitor, reverse("ratings:leaderboard")),
        ("player page", visitor, reverse("ratings:player", args=[world.mover.username])),
        ("tournaments", player, reverse("tournaments:list")),
        ("tournament, new", player, reverse("tournaments:create")),
        ("cancelled tournament", player, reverse("tournaments:event", args=[world.event])),
    ]:
        read.get(name, client, url)
    unsubscribe = reverse("games:unsubscribe", args=[unsubscribe_token(world.player, Kind.DIGEST)])
    read.get("unsubscribe", player, unsubscribe)
    read.post("unsubscribed", player, unsubscribe, {}, 200)
    read.post("password reset, sent", visitor, reverse("account_reset_password"),
              {"email": "nobody@example.com"}, 200)  # fmt: skip


def _finished_table(read: _Reader, world: World) -> None:
    rate_game(world.finished.pk)
    mover = read.client(world.mover)
    game = reverse("games:game", args=[world.finished.pk])
    read.get("finished game, rating change", mover, game)
    read.get("replay", mover, reverse("games:replay", args=[world.finished.pk]))
    read.get("player page, finished tables", mover,
             reverse("ratings:player", args=[world.mover.username]))  # fmt: skip
    review = reverse("games:review", args=[world.finished.pk])
    read.get("review, not asked", mover, review)
    seat = Seat.objects.get(game=world.finished, user=world.mover)
    asked = ask_for_review(world.finished, seat, timezone.now())
    read.get("review, waiting", mover, f"{review}?seat={seat.position}")
    run_review(asked.review.pk, timezone.now(), rollouts=1)
    read.get("review", mover, f"{review}?seat={seat.position}")
    solo = services.create_game(
        world.mover, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False,
        bots=["easy"],
    )  # fmt: skip
    step = Seat.objects.get(game=solo, user=world.mover).step
    read.post("hint", mover, reverse("games:hint", args=[solo.pk]), {"step": str(step)}, 200)


def _forms_and_errors(read: _Reader, world: World, player: Client, visitor: Client) -> None:
    read.post("log-in, wrong password", visitor, reverse("account_login"),
              {"login": world.player.email, "password": f"not {PASSWORD}"}, 200)  # fmt: skip
    read.post("lobby, refused table", player, reverse("games:create"),
              {"seats_wanted": "9", "round_minutes": "7"}, 400)  # fmt: skip
    read.post("tournament, refused", player, reverse("tournaments:create"),
              {"name": "Crawl Cup", "format": "swiss", "table_size": "3", "rounds": "0",
               "round_minutes": "1440", "min_entrants": "12", "max_entrants": "9",
               "signup_closes_at": "2020-12-05T18:00"}, 400)  # fmt: skip
    waiting = read.client(world.invitee)
    read.post("play now, waiting", waiting, reverse("games:play_now_join"),
              {"players": "any", "round_minutes": "2", "bots_after": "60"}, 200)  # fmt: skip
    with override_settings(DEBUG=False):
        read.get("404", player, "/no-such-page/", 404)
        read.get("403", player, "/admin/login/", 403)
        read.get("400", visitor, "/", 400, host="not a host")


def _away_with_a_device(read: _Reader, world: World) -> None:
    """Eimear's settings, away on holiday, with a phone that was notified (named as the site
    named it when she turned notifications on from a German page)."""
    today = timezone.localdate()
    Profile.objects.filter(user=world.invitee).update(
        vacation_from=today, vacation_until=today + timedelta(days=10)
    )
    with translation.override("de"):
        label = device_label("Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0")
    PushSubscription.objects.create(
        user=world.invitee, endpoint="https://push.example.com/eimear", p256dh="key", auth="auth",
        label=label, last_used_at=timezone.now(),
    )  # fmt: skip
    eimear = read.client(world.invitee)
    read.get("settings: vacation booked", eimear, reverse("accounts:vacation"))
    read.get("settings: a device", eimear, reverse("push:devices"))
    read.get("player page, away", read.visitor,
             reverse("ratings:player", args=[world.invitee.username]))  # fmt: skip


def _events_and_weeks(read: _Reader, world: World) -> None:
    entered = people(4, "E")
    tournament = event_with(entered, table_size=2, rounds=1, min_entrants=2)
    events.begin(tournament.pk, CLOSES)
    play_event_round(tournament, 1, seed=2)
    read.get("tournament standings", read.client(entered[0]), tournament.get_absolute_url())
    now = timezone.now()
    challenge = entries.current_week(now)
    assert challenge is not None
    entry = entries.enter(challenge.pk, world.player, now)
    play_to_end(entry, random.Random(3))
    read.get("challenge, results", read.client(world.player), reverse("challenge:this_week"))


def _steps_of_a_round(read: _Reader, world: World) -> None:
    """The open table as Aoife plays it: a tile to choose, the sheep step, the bonus tile step,
    the towers step."""
    mover = read.client(world.mover)
    url = reverse("games:game", args=[world.open.pk])
    hidden_move(world, "tile")
    read.get("game, choosing a tile", mover, url)
    play(world, hidden_move(world, "sheep"))
    read.get("game, sheep step", mover, url)
    play(world, hidden_move(world, "bonus"))
    read.get("game, bonus tile step", mover, url)
    hidden_move(world, "tower")
    read.get("game, towers step", mover, url)
