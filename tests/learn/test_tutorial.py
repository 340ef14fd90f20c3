"""The tutorial: started from /learn/ (once per click), played on the real game page with a
lesson a round, its suggested spot, what a deviation did, and the final count."""

from __future__ import annotations

import random
import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

import engine
from games import services
from games.engine_bridge import load_state
from games.learn.deal import SEED
from games.learn.lessons import LESSONS, suggest
from games.models import Game, SeatKind, Tutorial
from tests.games.playing import finish_turns, play_to_end, step_of


def _start(client: Client, plays: int = 0) -> Any:
    return client.post("/learn/", {"plays": plays})


def test_learn_offers_the_tutorial_and_a_double_click_starts_one_table(
    client: Client, host: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    client.force_login(host)
    # session, user, the person's tutorial, the header's count
    with django_assert_num_queries(4):
        page = client.get("/learn/").content.decode()
    assert 'id="start-tutorial"' in page and "about 15 minutes" in page
    first, again = _start(client), _start(client)
    game = Game.objects.get()
    assert first["Location"] == again["Location"] == game.get_absolute_url()
    assert game.seed == SEED and not game.rated and not game.is_open
    assert [s.kind for s in game.seats.order_by("position")] == [SeatKind.PERSON, SeatKind.BOT]
    assert "Continue the tutorial" in client.get("/learn/").content.decode()
    assert client.post("/learn/", {"plays": "x"}).status_code == 400
    _start(client, plays=1)  # "start again": a fresh table from round 1
    assert Tutorial.objects.get(user=host).plays == 2 and Game.objects.count() == 2


def test_each_round_teaches_one_idea_and_says_what_a_deviation_did(
    client: Client, host: User
) -> None:
    client.force_login(host)
    game = Game.objects.get(pk=int(_start(client)["Location"].strip("/").split("/")[-1]))
    page = client.get(game.get_absolute_url()).content.decode()
    assert str(LESSONS[0].title) in page and "Tutorial · round 1 of 12" in page
    assert len(re.findall(r"overlay--ghost", page)) >= 2  # the suggested tile, dashed
    tried = re.search(r'id="tutorial-try" href="([^"]+)"', page)
    assert tried is not None
    assert "Fits here." in client.get(tried.group(1).replace("&amp;", "&")).content.decode()
    # The player places the other tile instead, somewhere of their own.
    state = load_state(game)
    suggested = suggest(engine.view(state, 0), 0, LESSONS[0].focus)
    assert suggested is not None
    other = 1 - suggested.slot
    o, x, y = engine.legal_placements(state, 0, other)[0]
    move = engine.PlaceTile(other, o, x, y)
    services.play_waiting_seats(game.pk, 1)  # the easy bot, as the worker has it play
    services.submit_action(game.pk, host, str(move), step_of(game, host))
    finish_turns(game, random.Random(1))  # the sheep or bonus tiles it brought, if any
    services.advance_complete_games()
    game.refresh_from_db()
    assert game.round == 2
    page = client.get(game.get_absolute_url()).content.decode()
    assert str(LESSONS[1].title) in page
    said = re.search(r'id="tutorial-last" role="status"><strong>Round 1:</strong> ([^<]+)', page)
    assert said is not None and said.group(1).startswith("You chose your own spot")


def test_the_last_page_is_the_final_count(client: Client, host: User) -> None:
    client.force_login(host)
    game = Game.objects.get(pk=int(_start(client)["Location"].strip("/").split("/")[-1]))
    game = play_to_end(game, random.Random(3))
    page = client.get(game.get_absolute_url()).content.decode()
    total = engine.score(load_state(game), 0).total
    assert "The final count" in page and f"Your county scored {total} points" in page
    assert "play the tutorial again" in page
    assert "You finished the tutorial" in client.get("/learn/").content.decode()
