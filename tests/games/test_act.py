"""Submitting an action from the game page: applied once, or refused with a reason."""

from __future__ import annotations

import random
import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client

import engine
from games.engine_bridge import load_state
from games.models import Action, Game
from games.page.chat_html import KEPT
from games.services.chat import post_message
from tests.games.playing import any_legal_action, finish_turns, play_round, step_of

HTMX = {"HX-Request": "true", "HX-Target": "game"}


def _legal(game: Game) -> str:
    notation = any_legal_action(load_state(game), 0, random.Random(3))
    assert notation is not None
    return notation


def test_a_legal_move_is_applied_and_the_page_follows(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    notation = _legal(started)
    response = client.post(
        f"/games/{started.pk}/play/", {"notation": notation, "step": step_of(started, host)}
    )
    assert response.status_code == 302 and response["Location"] == f"/games/{started.pk}/"
    assert Action.objects.get().notation == notation


def test_htmx_gets_the_fresh_game_fragment(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.post(
        f"/games/{started.pk}/play/",
        {"notation": _legal(started), "step": step_of(started, host)},
        headers=HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="game"')


def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    response = client.post(
        f"/games/{started.pk}/play/", {"notation": "t0 o0 0,0", "step": step_of(started, host)},
        headers=HTMX,
    )  # fmt: skip
    assert response.status_code == 400
    assert "overlap" in response.content.decode()
    assert not Action.objects.exists()
    assert Game.objects.get(pk=started.pk).version == started.version


def test_text_that_is_no_move_is_refused_with_a_reason_and_changes_nothing(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    for notation in ("place it anywhere", "t0 o0 0, 0"):
        response = client.post(
            f"/games/{started.pk}/play/",
            {"notation": notation, "step": step_of(started, host)},
            headers=HTMX,
        )
        assert response.status_code == 400
        assert "is not a move this game understands" in response.content.decode()
    assert not Action.objects.exists()
    assert Game.objects.get(pk=started.pk).version == started.version


def test_garbage_is_refused(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    for data in ({"notation": "", "step": "1"}, {"notation": "t0", "step": "x"}, {}):
        response = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
        assert response.status_code == 400
    assert not Action.objects.exists()


def test_a_double_submit_applies_once_and_the_second_gets_409(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    data = {"notation": _legal(started), "step": step_of(started, host)}
    assert client.post(f"/games/{started.pk}/play/", data, headers=HTMX).status_code == 200
    again = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
    assert again.status_code == 409
    assert "Your turn moved on since this page was drawn" in again.content.decode()
    assert Action.objects.count() == 1


def _tile_with_draft(game: Game) -> dict[str, object]:
    orientation, x, y = engine.legal_placements(load_state(game), 0, 1)[0]
    notation = str(engine.PlaceTile(1, orientation, x, y))
    return {"notation": notation, "slot": 1, "o": orientation, "x": x, "y": y}


def test_a_neighbours_move_never_bounces_yours(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(host)
    data = {**_tile_with_draft(started), "step": step_of(started, host)}
    finish_turns(started, random.Random(5), skip=(0,))  # the player moves after the page
    response = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
    assert response.status_code == 200
    assert Action.objects.filter(seat=0).get().notation == data["notation"]


def test_a_stale_submit_keeps_the_tile_being_tried(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    data = {**_tile_with_draft(started), "step": step_of(started, host) - 1}
    response = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 409
    assert f'name="notation" value="{data["notation"]}"' in html  # still lined up, same spot
    assert re.search(r'id="choice-1"[^>]*aria-current="true"', html)
    assert not Action.objects.exists()


def test_a_move_costs_a_fixed_number_of_queries(
    client: Client, host: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(host)
    data = {"notation": _legal(started), "step": step_of(started, host)}
    # session, user; the service: savepoint, locked game, seat, last seq, insert action,
    # insert the placed tile, update game, update the seats' to_play and steps, release
    # savepoint; the fresh page: game with the header's count, seats with names, the viewer's
    # other tables waiting (no talk at the table: its messages are not read)
    with django_assert_num_queries(14):
        response = client.post(f"/games/{started.pk}/play/", data, headers=HTMX)
    assert response.status_code == 200


def test_moving_the_tile_being_tried_costs_a_fixed_number_of_queries(
    client: Client, host: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(host)
    # session, user, game, seats, the header count (no talk at the table, none read)
    with django_assert_num_queries(5):
        response = client.post(
            f"/games/{started.pk}/draft/", {"slot": 0, "o": 1, "x": 3, "y": 0}, headers=HTMX
        )
    assert response.status_code == 200


def test_an_outsider_cannot_act(client: Client, outsider: User, started: Game) -> None:
    client.force_login(outsider)
    response = client.post(f"/games/{started.pk}/play/", {"notation": _legal(started), "step": 1})
    assert response.status_code == 400
    assert not Action.objects.exists()


def test_only_post_is_accepted(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    assert client.get(f"/games/{started.pk}/play/").status_code == 405


def test_a_submit_from_the_last_round_says_a_new_round_began(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    data = {**_tile_with_draft(started), "step": step_of(started, host), "round": 1}
    game = play_round(started, random.Random(6))
    assert game.round == 2
    response = client.post(f"/games/{game.pk}/play/", data, headers=HTMX)
    assert response.status_code == 409
    assert "Round 2 has begun since this page was drawn" in response.content.decode()
    assert not Action.objects.filter(round=2).exists()


def _marks(client: Client, game: Game) -> dict[str, str]:
    """What the page's poll holds for a move to send (``hx-include="#poll"``): the talk it shows
    (``c``) and what its other counties and wheel show (``k``, ``w``)."""
    html = client.get(f"/games/{game.pk}/").content.decode()
    return dict(re.findall(r'<input type="hidden" name="([ckw])" value="([^"]*)">', html))


def test_a_moves_answer_leaves_the_page_its_talk_and_counties_while_they_stand(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    post_message(started.pk, player, "Your move, Aoife.")
    client.force_login(host)
    marks = _marks(client, started)
    assert set(marks) == {"c", "k", "w"}
    move = {"notation": _legal(started), "step": step_of(started, host), **marks}
    # a move's queries as at a table without talk: the messages are not read
    with django_assert_num_queries(14):
        html = client.post(f"/games/{started.pk}/play/", move, headers=HTMX).content.decode()
    assert KEPT in html and "Your move, Aoife." not in html
    assert '<div class="other-board" id="other-board-1" hx-preserve="true"></div>' in html
    assert '<section class="wheel" id="wheel" aria-label=' in html  # Aoife took a tile from it
    # A move from a page that sends nothing (or shows other talk) gets both drawn.
    undo = {"step": step_of(started, host), "round": started.round, "c": "0.1"}
    html = client.post(f"/games/{started.pk}/undo/", undo, headers=HTMX).content.decode()
    assert KEPT not in html and "Your move, Aoife." in html
    assert 'id="other-board-1"><div class="county-wrap' in html


def test_a_stale_move_after_the_round_ended_draws_the_new_counties(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    marks = _marks(client, started)
    move = {"notation": _legal(started), "step": step_of(started, host), "round": 1, **marks}
    play_round(started, random.Random(2))  # meanwhile, from another tab, and the round ends
    response = client.post(f"/games/{started.pk}/play/", move, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 409
    assert KEPT in html  # no new talk
    assert 'id="other-board-1"><div class="county-wrap' in html  # Brendan's tile now shows
