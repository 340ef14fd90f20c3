"""Three people at one live table (5-minute rounds) in three browsers, each page on its
stream: a neighbour's "done", a table message and the next round reach the others within a
second; a closed tab shows as gone. Then the stream process dies: the pages fall back to their
poll, and go back to the stream when it returns."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game, RoundTime
from games.services.chat import post_message
from tests.browser.playing import PHONE, change_seen, sign_in
from tests.factories import UserFactory
from tests.fixtures.streams import StreamServer
from tests.games.playing import any_legal_action, step_of

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(180),
]

NAMES = ("Ann", "Bob", "Cara")
ROUNDS = 5
# What the stream promises (the poll alone took 7-10 s), and how long a test waits at most.
WITHIN_S = 1.0
WAIT_MS = 15_000


def _table(people: list[User]) -> Game:
    game = services.create_game(
        people[0],
        seats_wanted=len(people),
        round_minutes=RoundTime.FIVE_MINUTES,
        is_open=True,
        rated=False,
    )
    Game.objects.filter(pk=game.pk).update(seed=20261202)
    for person in people[1:]:
        game = services.join_game(game.pk, person)
    return game


def _all_but_the_last_move(game: Game, person: User, position: int, rng: random.Random) -> str:
    """Play the seat's turn up to its last move, which is returned (not played)."""
    while True:
        state = load_state(Game.objects.get(pk=game.pk))
        notation = any_legal_action(state, position, rng)
        assert notation is not None
        after, _ = engine.apply(state, position, engine.parse_action(notation))
        if engine.pending(after, position).kind is engine.PendingKind.NONE:
            return notation
        services.submit_action(game.pk, person, notation, step_of(game, person))


def _row(name: str) -> str:
    return f'#table tr:has(th:has-text("{name}"))'


def _on_stream(page: Page, people: int) -> None:
    """The page's stream is open: it shows who is at the table."""
    expect(page.locator(".presence.is-here")).to_have_count(people, timeout=WAIT_MS)


def test_three_people_see_each_other_within_a_second_and_see_a_closed_tab_go(
    browser: Browser, live_server: object, live_streams: StreamServer, screenshot_dir: Path
) -> None:
    base = str(live_server)
    people = [UserFactory.create(username=name) for name in NAMES]
    game = _table(people)
    pages = [sign_in(browser, base, person) for person in people[:2]]
    pages.append(sign_in(browser, base, people[2], viewport=PHONE))
    for page in pages:
        page.goto(f"{base}/games/{game.pk}/")
    for page in pages:
        _on_stream(page, 3)
    pages[0].screenshot(path=screenshot_dir / "live-laptop-here.png", full_page=True)
    pages[2].screenshot(path=screenshot_dir / "live-phone-here.png", full_page=True)

    rng = random.Random(5)
    done: list[float] = []
    talk: list[float] = []
    rounds: list[float] = []
    for round_ in range(1, ROUNDS + 1):
        for position, person in enumerate(people):
            others = [page for i, page in enumerate(pages) if i != position]
            last = _all_but_the_last_move(game, person, position, rng)
            step = step_of(game, person)

            def play(person: User = person, last: str = last, step: int = step) -> None:
                services.submit_action(game.pk, person, last, step)

            if position < len(people) - 1:
                done += change_seen(others, "#table tr", [person.username, "done"], play)
            else:  # the last one done ends the round (the worker's task runs in-process here)
                rounds += change_seen(pages, ".game-meta", [f"Round {round_ + 1} of"], play)
        speaker = people[round_ % 3]
        text = f"Round {round_ + 1}, here we go"
        listeners = [page for page, person in zip(pages, people, strict=True) if person != speaker]

        def say(speaker: User = speaker, text: str = text) -> None:
            post_message(game.pk, speaker, text)

        talk += change_seen(listeners, "#chat", [text], say)

    medians = {name: statistics.median(times) for name, times in
               (("done", done), ("table talk", talk), ("next round", rounds))}  # fmt: skip
    print("seconds from the change to the other pages (median):", medians)
    assert all(median <= WITHIN_S for median in medians.values()), medians

    # Cara closes her tab: Ann and Bob see her leave the table.
    pages[2].close()
    for page in pages[:2]:
        expect(page.locator(f"{_row('Cara')} .presence-words")).to_have_text(
            "not here", timeout=WAIT_MS
        )
        expect(page.locator(f"{_row('Bob')} .presence-words")).to_have_text("at the table")
    pages[0].screenshot(path=screenshot_dir / "live-laptop-one-left.png", full_page=True)


def test_a_dead_stream_process_leaves_the_pages_polling_until_it_returns(
    browser: Browser, live_server: object, live_streams: StreamServer
) -> None:
    base = str(live_server)
    ann, bob = (UserFactory.create(username=name) for name in NAMES[:2])
    game = _table([ann, bob])
    page = sign_in(browser, base, ann)
    page.goto(f"{base}/games/{game.pk}/")
    _on_stream(page, 1)

    live_streams.process.kill()
    expect(page.locator(".presence").first).to_be_hidden(timeout=WAIT_MS)  # it knows it lost it
    post_message(game.pk, bob, "Anyone there?")
    # The poll, back at its 10-second pace, brings the message.
    expect(page.locator("#chat")).to_contain_text("Anyone there?", timeout=WAIT_MS)

    live_streams.restart()
    _on_stream(page, 1)  # the browser opened the stream again by itself
    seen = change_seen([page], "#chat", ["Back"], lambda: post_message(game.pk, bob, "Back"))
    assert seen[0] <= WITHIN_S
