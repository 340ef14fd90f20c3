"""A person signs up for a Swiss event, plays their first-round table, and sees the standings
and their next table appear; the event's pages at both sizes, checked with axe."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from accounts.models import Profile
from games.engine_bridge import load_state
from games.models import Game, GameStatus, RoundTime, TournamentFormat
from games.tournaments import events
from tests.browser.playing import LAPTOP, MOVES, play_to_the_end, shoot, sign_in
from tests.factories import UserFactory
from tests.games.playing import play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/shots/tournaments")


def test_a_person_signs_up_plays_round_one_and_sees_standings_and_round_two(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    now = timezone.now()
    rory = UserFactory.create(username="Rory")  # away all week: the autopilot plays for him
    Profile.objects.filter(user=rory).update(
        vacation_from=now.date() - timedelta(days=1), vacation_until=now.date() + timedelta(days=7)
    )
    rules = events.Rules(
        name="Spring Swiss", format=TournamentFormat.SWISS, table_size=2,
        round_minutes=RoundTime.ONE_DAY, rated=False, bots_fill=False, rounds=2, min_rating=None,
        max_rating=None, signup_closes_at=now + timedelta(hours=2), min_entrants=2,
        max_entrants=8,
    )  # fmt: skip
    tournament = events.create_tournament(rory, rules, now)
    events.enter(tournament.pk, rory, now)

    page = sign_in(browser, base, UserFactory.create(username="Ann"), LAPTOP)
    page.get_by_role("link", name="Tournaments").click()
    shoot(page, SHOTS, "list")
    page.get_by_role("link", name="Spring Swiss").click()
    page.get_by_role("button", name="Sign up for Spring Swiss").click()
    expect(page.get_by_text("You are entered in Spring Swiss.")).to_be_visible()
    expect(page.get_by_role("heading", name="Entrants (2)")).to_be_visible()
    shoot(page, SHOTS, "event-signed-up")

    # Sign-up closes: the minute sweep seats round 1.
    assert events.keep_tournaments(now + timedelta(hours=2)) == events.Kept(begun=1)
    page.reload()
    expect(page.locator("#event-status")).to_contain_text("Running · Round 1 of 2")
    page.get_by_role("link", name="Play your table: Round 1").click()
    expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    # Its rounds up to the last as the server takes any move (a whole game in the browser is
    # tests/browser/test_solo_game.py); the last round and the towers here.
    first = Game.objects.get(tournament=tournament, tournament_round=1)
    rng = random.Random(MOVES)
    while first.round < load_state(first).rounds_total:
        first = play_round(first, rng)
    page.reload()
    expect(page.get_by_text("Round 12 of 12")).to_be_visible()
    play_to_the_end(page)
    first.refresh_from_db()
    assert first.status == GameStatus.FINISHED

    expect(page.get_by_role("button", name="Play again with this table")).to_have_count(0)
    shoot(page, SHOTS, "table-final")
    page.get_by_role("link", name="The tournament's standings and your next table").click()
    expect(page.locator("#event-status")).to_contain_text("Round 2 of 2")
    standings = page.locator("#standings")
    expect(standings.get_by_role("row")).to_have_count(3)
    expect(standings).to_contain_text("Ann (you)")
    expect(page.get_by_role("link", name="Play your table: Round 2")).to_be_visible()
    shoot(page, SHOTS, "event-round-2")
    page.get_by_role("link", name="Play your table: Round 2").click()
    expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    assert Game.objects.get(tournament=tournament, tournament_round=2).status == GameStatus.PLAYING


def test_the_create_form_says_what_is_wrong_beside_each_field(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    page = sign_in(browser, base, UserFactory.create(username="Orla"), LAPTOP)
    page.goto(f"{base}/tournaments/new/")
    page.get_by_label("Name").fill("Cup")
    page.get_by_label("Fewest entrants").fill("9")
    page.get_by_label("Most entrants").fill("4")
    closes = timezone.localtime(timezone.now() + timedelta(days=3))
    page.get_by_label("Sign-up closes").fill(closes.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Open sign-up").click()
    expect(page.get_by_role("alert")).to_contain_text("nothing was created")
    expect(page.get_by_text("The fewest entrants is more than the most entrants.")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("Cup")  # what was typed stays
    shoot(page, SHOTS, "create-refused")
