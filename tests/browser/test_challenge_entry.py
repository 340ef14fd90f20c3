"""A person plays this week's challenge in Chromium and then sees where they rank."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from games.challenge import entries
from games.models import Game, GameStatus
from tests.browser.playing import LAPTOP, play_to_the_end, shoot, sign_in
from tests.challenge.weeks import SEED
from tests.factories import UserFactory
from tests.games.playing import play_to_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/shots/challenge")


def test_a_person_plays_the_weeks_deal_and_sees_their_rank(
    browser: Browser, live_server: object, screenshot_dir: Path
) -> None:
    base = str(live_server)
    now = timezone.now()
    challenge = entries.open_week(now, seed=SEED)
    rival = UserFactory.create(username="Rory")
    play_to_end(entries.enter(challenge.pk, rival, now), random.Random(7))
    ann = UserFactory.create(username="Ann")
    page = sign_in(browser, base, ann, LAPTOP)

    page.get_by_role("link", name="Challenge").click()
    expect(page.locator("#week-title")).to_contain_text(
        f"Week {challenge.number} · 1 player · ends"
    )
    expect(page.get_by_text("The scores stay hidden until you finish")).to_be_visible()
    shoot(page, SHOTS, "challenge-before")
    page.get_by_role("button", name="Play this week's deal").click()

    expect(page.get_by_text("Round 1 of 12")).to_be_visible()
    expect(page.locator("#turn h2")).to_have_text(
        "Your turn: pick a tile and fit it into your county"
    )
    shoot(page, SHOTS, "entry-round-1")
    play_to_the_end(page)
    assert Game.objects.get(host=ann).status == GameStatus.FINISHED
    expect(page.locator(".winner-banner")).to_contain_text("Your entry is over with")
    expect(page.get_by_role("button", name="Play again with this table")).to_have_count(0)
    shoot(page, SHOTS, "entry-final")

    page.get_by_role("link", name="See where you rank this week").click()
    expect(page.get_by_text("You finished with")).to_contain_text("of 2")
    expect(page.locator(".ranking").get_by_role("link", name="Rory", exact=True)).to_be_visible()
    shoot(page, SHOTS, "challenge-results")

    page.get_by_role("link", name="Side by side with Rory").click()
    side_by_side = page.get_by_role("heading", name=f"Week {challenge.number} side by side")
    expect(side_by_side).to_be_visible()
    page.wait_for_load_state()  # its script too: the keys below need it
    page.get_by_label("Round 1 of 12").fill("6")  # the slider shows its round at once
    expect(page.get_by_text("Round 6 of 12")).to_be_visible()
    page.keyboard.press("ArrowRight")  # the keys step through the rounds, as in the replay
    expect(page.get_by_text("Round 7 of 12")).to_be_visible()
    page.get_by_role("link", name="Previous round").click()
    expect(page.get_by_text("Round 6 of 12")).to_be_visible()
    expect(page.locator(".side")).to_have_count(2)
    expect(page.locator(".side .county")).to_have_count(2)
    shoot(page, SHOTS, "side-by-side-round-6")
