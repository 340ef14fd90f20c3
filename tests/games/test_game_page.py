"""The game page: forming tables, play in progress, the finished ranking; who may see it."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.services.chat import post_message
from tests.games.playing import any_legal_action, play_round, step_of


def test_it_shows_a_forming_table_with_its_invite_link_to_the_host(
    client: Client, host: User, forming: Game
) -> None:
    client.force_login(host)
    html = client.get(f"/games/{forming.pk}/").content.decode()
    assert "Seats (1 of 3)" in html
    assert "/games/invite/" in html
    assert "Start now with 1 player" in html


def test_it_hides_invite_only_tables_from_outsiders(
    client: Client, host: User, outsider: User
) -> None:
    game = services.create_game(host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True)
    client.force_login(outsider)
    assert client.get(f"/games/{game.pk}/").status_code == 404
    assert client.post(f"/games/{game.pk}/join/").status_code == 404


def test_it_shows_your_two_tiles_and_the_wheel(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.get(f"/games/{started.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Your turn: pick a tile" in html
    assert html.count('<a class="choice') == 2
    assert "Round 1 of 12" in html
    assert "Brendan" in html and "Your tiles" in html


def test_a_picked_tile_is_previewed_at_its_first_legal_place(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    html = client.get(f"/games/{started.pk}/?slot=1").content.decode()
    state = load_state(started)
    orientation, x, y = engine.legal_placements(state, 0, 1)[0]
    notation = engine.PlaceTile(1, orientation, x, y).notation
    assert f'name="notation" value="{notation}"' in html
    assert "Fits here." in html


def test_an_illegal_draft_says_why(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    html = client.get(f"/games/{started.pk}/?slot=0&o=0&x=0&y=0").content.decode()
    assert "Not here:" in html and "overlap" in html
    assert re.search(r'id="ctl-confirm"\s+disabled', html)


def test_the_turn_fragment_alone_answers_htmx(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.get(
        f"/games/{started.pk}/?slot=0", headers={"HX-Request": "true", "HX-Target": "turn"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="turn"')
    assert "<html" not in html


def _page_queries(client: Client, game: Game, django_assert_num_queries: object) -> None:
    # drawn: session, user, the viewer's seat and token with the tables waiting (header
    # count), then to draw it: game, seats with users and profiles; once the table has talk
    # (Game.chat_version), the chat's messages and marking the new one seen
    talk = Game.objects.values_list("chat_version", flat=True).get(pk=game.pk)
    with django_assert_num_queries(7 if talk else 5):  # type: ignore[operator]
        response = client.get(f"/games/{game.pk}/?slot=0")
    assert response.status_code == 200
    # from the cache: session, user, the viewer's seat and token with the tables waiting
    with django_assert_num_queries(3):  # type: ignore[operator]
        again = client.get(f"/games/{game.pk}/?slot=0")
    assert again.status_code == 200 and again.content != response.content  # its own CSRF token


def test_its_query_count_does_not_grow_with_the_rounds(
    client: Client, host: User, started: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:  # fmt: skip
    client.force_login(host)
    _page_queries(client, started, django_assert_num_queries)
    game = started
    rng = random.Random(9)
    for _ in range(4):
        game = play_round(game, rng)
    assert game.round == 5
    _page_queries(client, game, django_assert_num_queries)
    post_message(game.pk, host, "Good game so far")  # talk at the table: its messages are read
    _page_queries(client, game, django_assert_num_queries)
    assert "Good game so far" in client.get(f"/games/{game.pk}/").content.decode()


def test_a_finished_game_shows_the_final_ranking(client: Client, host: User, started: Game) -> None:
    game = started
    rng = random.Random(11)
    while game.status == "playing":
        game = play_round(game, rng)
    client.force_login(host)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final scores" in html and "Game over" in html
    for seat in game.seats.all():
        assert seat.score is not None
        assert f"<strong>{seat.score['total']}</strong>" in html


def test_spectators_see_the_game_without_controls(
    client: Client, outsider: User, started: Game
) -> None:
    client.force_login(outsider)
    html = client.get(f"/games/{started.pk}/").content.decode()
    assert "Watching this game" in html
    assert 'name="notation"' not in html


def test_the_follow_up_cells_are_buttons(client: Client, host: User, started: Game) -> None:
    rng = random.Random(0)
    # Play the host's tiles until a follow-up (sheep, bonus) is pending, over a few rounds.
    game = started
    for _ in range(12):
        state = load_state(game)
        kind = engine.pending(state, 0).kind
        if kind in (engine.PendingKind.SHEEP, engine.PendingKind.BONUS):
            break
        if kind is engine.PendingKind.NONE:
            game = play_round(game, rng)
            continue
        notation = any_legal_action(state, 0, rng)
        assert notation is not None
        services.submit_action(game.pk, host, notation, step_of(game, host))
        game.refresh_from_db()
    else:
        raise AssertionError("no follow-up came up with this seed")
    client.force_login(host)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'name="act"' in html and 'aria-label="Place on' in html


def test_the_forming_page_and_its_query_count(
    client: Client, host: User, forming: Game, django_assert_num_queries: pytest.FixtureRequest
) -> None:
    client.force_login(host)
    # session, user, the viewer's seat and token (a forming table is never cached), game with
    # the header's count of tables waiting, seats with users and profiles, pending invitations
    # with the invitees' profiles (no talk yet: no messages read)
    with django_assert_num_queries(6):  # type: ignore[operator]
        assert client.get(f"/games/{forming.pk}/").status_code == 200


def test_the_turn_fragment_query_count(
    client: Client, host: User, started: Game, django_assert_num_queries: pytest.FixtureRequest
) -> None:
    client.force_login(host)
    headers = {"HX-Request": "true", "HX-Target": "turn"}
    # session, user, the viewer's seat and token, game, seats with users and profiles (no
    # header in a fragment)
    with django_assert_num_queries(5):  # type: ignore[operator]
        response = client.get(f"/games/{started.pk}/?slot=1&o=1&x=4&y=4", headers=headers)
    assert response.status_code == 200


def test_the_invitation_page_and_its_query_count(
    client: Client, host: User, outsider: User, django_assert_num_queries: pytest.FixtureRequest
) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    token = services.invite_token(game)
    client.force_login(outsider)
    # session, user, game by token, game again for access, seats, header count
    with django_assert_num_queries(6):  # type: ignore[operator]
        response = client.get(f"/games/invite/{token}/")
    assert response.status_code == 200 and "You are invited" in response.content.decode()
    response = client.post(f"/games/{game.pk}/join/", {"token": token})
    assert game.seats.filter(user=outsider).exists()
    assert client.get(f"/games/invite/{token}x/").status_code == 404


def test_a_whole_page_and_an_htmx_page_at_one_address_are_kept_apart(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    boosted = client.get(f"/games/{started.pk}/", headers={"HX-Request": "true"}).content.decode()
    whole = client.get(f"/games/{started.pk}/").content.decode()
    assert 'id="nav-mine" hx-swap-oob="true"' in boosted  # htmx takes the header link from it
    assert 'id="nav-mine" hx-swap-oob="true"' not in whole
