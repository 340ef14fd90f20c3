"""The weekly challenge's own leaderboard tab and a past week's results, as a visitor sees them."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Browser, expect

from games.challenge import entries
from tests.browser.playing import LAPTOP, shoot
from tests.browser.test_challenge_entry import SHOTS
from tests.challenge.weeks import SEED
from tests.factories import UserFactory
from tests.games.playing import play_to_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_reads_the_weekly_standings_and_last_weeks_results(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    last_week = timezone.now() - timedelta(days=7)
    challenge = entries.open_week(last_week, seed=SEED)
    with time_machine.travel(last_week, tick=False):  # played within last week
        for index, name in enumerate(["Rory", "Siobhan", "Tadhg"]):
            person = UserFactory.create(username=name)
            play_to_end(entries.enter(challenge.pk, person, last_week), random.Random(index))
        entries.enter_bots(challenge.pk, last_week)
    entries.open_week(timezone.now(), seed=SEED)  # scores last week
    page = browser.new_context(viewport=LAPTOP).new_page()  # type: ignore[arg-type]

    page.goto(f"{base}/leaderboard/?tab=challenge")
    expect(page.locator(".ranking tbody tr")).to_have_count(3)
    shoot(page, SHOTS, "leaderboard-challenge")
    page.goto(f"{base}/challenge/{challenge.week}/")
    expect(page.locator(".ranking tbody tr")).to_have_count(7)
    expect(page.get_by_text("Hard bot 1", exact=True)).to_be_visible()
    shoot(page, SHOTS, "past-week")
