"""Playing in Chromium as a person does: sign in, pick a tile, confirm it, place follow-ups."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from games import services
from games.models import Game
from tests.conftest import make_person
from tests.factories import PASSWORD
from tests.fixtures.axe import assert_accessible
from tests.games.playing import play_round, play_to_end

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def sign_in(browser: Browser, base: str, user: User, viewport: dict[str, int] = LAPTOP) -> Page:
    """A new browser (its own cookies) with ``user`` logged in."""
    page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("E-mail").fill(user.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Your games")).to_be_visible()
    return page


def act(page: Page, do: Callable[[], None]) -> None:
    """Do something that makes htmx replace the turn, and wait until the new one is in."""
    page.locator("#turn").evaluate("turn => { turn.dataset.stale = 'yes'; }")
    do()
    page.locator("#turn:not([data-stale])").wait_for()


def tried(page: Page, do: Callable[[], None]) -> None:
    """Do something to the tile being tried (pick, turn, move): the page answers by itself."""
    do()
    expect(page.locator("#try")).to_be_visible()
    # The engine's words about the spot come after the page's own and may move the county
    # down: wait for them, as a player's eye does, so the next click finds what it aims at.
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")


def line_up(page: Page, slot: int = 0) -> str:
    """Pick a tile (it is shown at its first legal place); returns the move it would be."""
    tried(page, page.locator(f"#choice-{slot}").click)
    return page.locator("#turn input[name=notation]").input_value()


def confirm(page: Page) -> None:
    act(page, page.locator("#ctl-confirm").click)


def play_follow_ups(page: Page) -> None:
    """Place every sheep, bonus tile or tower on the first highlighted cell."""
    for _ in range(12):
        targets = page.locator("#turn button.cell.target")
        if not targets.count():
            return
        act(page, targets.first.click)
    raise AssertionError("the follow-ups never ended")


def play_my_turn(page: Page) -> None:
    """Pick the first tile, confirm it where it is shown, then place every follow-up."""
    if page.locator("#turn #choice-0, #turn #choice-1").count():
        if page.locator("#try[hidden]").count():
            tried(page, page.locator("#turn .choice").first.click)
        confirm(page)
    play_follow_ups(page)


def play_to_the_end(page: Page) -> None:
    """Play every turn as it comes, to the final scores, at a table whose other seats are bots
    (their turns are done before each round is shown)."""
    for _ in range(40):
        if page.get_by_role("heading", name="Final scores").count():
            return
        if not page.locator("#turn .choice, #turn button.cell.target").count():
            raise AssertionError(
                f"the person was left waiting: {page.locator('#turn h2').inner_text()!r}"
            )
        play_my_turn(page)
    raise AssertionError("the game never ended")


def open_table_with_bots(page: Page, base: str, players: int, bots: int, level: str) -> None:
    """From the lobby, open a table of ``players`` seats, ``bots`` of them bots of ``level``."""
    page.goto(f"{base}/games/")
    page.get_by_label("Players").select_option(str(players))
    for seat in range(2, bots + 2):
        page.get_by_label(f"Seat {seat}").select_option(label=f"{level} bot")


# Notes the moment (the page's clock, which is the machine's) when an element matching the
# selector first shows every one of the texts; checked at every change of the page and every frame.
_WATCH = """([selector, texts]) => {
  delete document.body.dataset.seenAt;
  const look = () => {
    if (document.body.dataset.seenAt) return;
    for (const element of document.querySelectorAll(selector)) {
      if (texts.every((text) => element.textContent.includes(text))) {
        document.body.dataset.seenAt = String(Date.now());
        return;
      }
    }
    requestAnimationFrame(look);
  };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
  look();
}"""


def change_seen(
    pages: list[Page],
    selector: str,
    texts: list[str],
    change: Callable[[], object],
    timeout_ms: float = 15_000,
) -> list[float]:
    """Seconds from the start of ``change`` until each page shows every one of ``texts`` in
    one element matching ``selector``."""
    for page in pages:
        page.evaluate(_WATCH, [selector, texts])
    started = time.time()
    change()
    seen = []
    for page in pages:
        mark = page.wait_for_selector("body[data-seen-at]", state="attached", timeout=timeout_ms)
        assert mark is not None
        seen.append(int(mark.get_attribute("data-seen-at") or 0) / 1000 - started)
    return seen


def shoot(page: Page, shots: Path, name: str) -> None:
    """axe on the page at the laptop size and at the phone size, and a screenshot of each."""
    shots.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        assert_accessible(page, f"{name} ({size})")
        page.screenshot(path=shots / f"{name}-{size}.png", full_page=True)
    page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]


#: A deal and a way of playing its first rounds that leave Ann's round-10 tile with a sheep.
SEED, MOVES = 20261129, 2


def late_game() -> tuple[Game, User]:
    """Ann, a bot and Bob at round 10 of 12, Ann's turn still to play (her first tile carries a
    sheep)."""
    ann, bob = make_person("Ann"), make_person("Bob")
    game = services.create_game(
        ann, seats_wanted=3, round_minutes=1440, is_open=True, rated=False, bots=["easy"]
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    services.join_game(game.pk, bob)
    game.refresh_from_db()
    rng = random.Random(MOVES)
    while game.round < 10:
        game = play_round(game, rng)
    return game, ann


def finished_against_a_bot(person: User) -> Game:
    """A table of ``person`` and an easy bot, dealt from ``SEED`` and played to its end by the
    server (any legal move, from ``MOVES``): a finished game to look back at."""
    game = services.create_game(
        person, seats_wanted=2, round_minutes=1440, is_open=True, rated=False, bots=["easy"],
        seed=SEED,
    )  # fmt: skip
    return play_to_end(game, random.Random(MOVES))
