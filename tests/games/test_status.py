"""The live-update poll: 204 while nothing the viewer may see changed, the table panel when a
neighbour finished, the whole game when the viewer's own turn or the round moved on."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from games import services
from games.access import table_for
from games.models import Game, Seat
from games.page.board import counties_mark, wheel_mark
from games.page.chat import chat_mark
from games.page.chat_html import KEPT
from games.page.live import token_for
from games.page.model import build_page
from games.services.chat import post_message, set_hidden
from games.services.record import close
from tests.games.playing import finish_turns, play_round

POLL = {"HX-Request": "true", "HX-Target": "table"}


def _token(client: Client, game: Game) -> str:
    """What the page's poll sends: its token, its viewer, the talk it shows and what its other
    counties and wheel show (``t=…&v=…&c=…&k=…&w=…``; a forming table's page sends no ``c``,
    ``k`` nor ``w``, a spectator's no ``k`` nor ``w``)."""
    html = client.get(f"/games/{game.pk}/").content.decode()
    match = re.search(
        r"/status/\?(t=[0-9a-f]+&amp;v=\d+(?:&amp;c=[0-9.]+)?(?:&amp;k=\w+&amp;w=\w+)?)\"", html
    )
    assert match is not None, "the page has no poll"
    return match.group(1).replace("&amp;", "&")


def _poll(client: Client, game: Game, token: str, target: str = "table") -> Any:
    """Poll as a page does, with what ``_token`` found, or with a bare token ``t``."""
    headers = {**POLL, "HX-Target": target}
    query = token if "=" in token else f"t={token}"
    return client.get(f"/games/{game.pk}/status/?{query}", headers=headers)


def test_it_answers_204_while_nothing_changed(
    client: Client, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    token = _token(client, started)
    # the viewer's seat with the game's version: neither the session nor the person is read
    with django_assert_num_queries(1):
        response = _poll(client, started, token)
    assert response.status_code == 204


def test_only_the_viewers_own_token_is_answered_without_the_session(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    token = _token(client, started).split("&")[0]
    url = f"/games/{started.pk}/status/?{token}"
    # Someone else's id with this token: the full check (token, session, user, table) finds
    # that nothing changed for the person logged in.
    with django_assert_num_queries(5):
        assert client.get(f"{url}&v={host.pk}", headers=POLL).status_code == 204
    client.logout()
    assert client.get(f"{url}&v={player.pk}", headers=POLL).status_code == 204
    finish_turns(started, random.Random(3), skip=(1,))  # something changed: log-in is needed
    response = client.get(f"{url}&v={player.pk}", headers=POLL)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_sends_the_table_and_the_waiting_line_when_a_neighbour_finished(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    finish_turns(started, random.Random(1), skip=(0, 1))
    token = _token(client, started)
    finish_turns(started, random.Random(1), skip=(1,))
    # seat and version (not the page's token), session, user, game with the header's count,
    # seats with names: the talk did not change, so the page keeps its chat panel and no
    # message is read
    with django_assert_num_queries(5):
        response = _poll(client, started, token)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<aside id="table"')
    assert '<span class="done">done</span>' in html
    assert 'id="nav-mine" hx-swap-oob="true"' in html
    assert KEPT in html and "Table talk" not in html
    # The neighbour's county and the wheel show nothing new (their turn stays hidden): the page
    # keeps them.
    assert '<div class="other-board" id="other-board-0" hx-preserve="true"></div>' in html
    assert 'class="county-wrap' not in html
    assert '<section class="wheel" id="wheel" hx-preserve="true"></section>' in html


def test_a_poll_draws_the_board_again_only_once_it_changed(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(player)
    token = _token(client, started)
    kept = '<div class="other-board" id="other-board-0" hx-preserve="true"></div>'
    drawn = '<div class="other-board" id="other-board-0"><div class="county-wrap county--small">'
    # A page that sends no counties' mark (or another's) gets them drawn.
    mark = re.search(r"&k=[0-9a-f]+", token)
    assert mark is not None
    finish_turns(started, random.Random(1), skip=(1,))
    for query in (token.replace(mark.group(), ""), token.replace(mark.group(), "&k=0f")):
        html = _poll(client, started, query).content.decode()
        assert kept not in html and drawn in html
    # The round ends: the neighbour's tile shows and the wheel turns, so both are drawn again
    # with #game.
    play_round(started, random.Random(2))
    response = _poll(client, started, token)
    html = response.content.decode()
    assert response["HX-Retarget"] == "#game"
    assert kept not in html and drawn in html
    assert '<section class="wheel" id="wheel" aria-label="The wheel">' in html
    # The next neighbour's move, polled by the page drawn from that answer, keeps it.
    token = _token(client, started)
    finish_turns(started, random.Random(3), skip=(1,))
    assert kept in _poll(client, started, token).content.decode()


def test_what_the_board_shows_moves_with_the_round_and_names_not_with_play(
    client: Client, host: User, player: User, started: Game
) -> None:
    def mark() -> str:
        page = build_page(table_for(player, started.pk), {})
        return f"{counties_mark(page)}.{wheel_mark(page)}"

    first = mark()
    finish_turns(started, random.Random(1), skip=(1,))  # the neighbour's turn stays hidden
    assert mark() == first
    with translation.override("de"):
        assert mark() != first  # the counties' words are another language's
    play_round(started, random.Random(2))
    after_round = mark()
    assert after_round != first
    host.profile.display_name = "Aoife the Bold"
    host.profile.save()
    assert mark() != after_round


def test_a_poll_draws_the_talk_again_only_once_it_changed(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    token = _token(client, started)
    post_message(started.pk, host, "Good luck, all!")
    # seat and version, session, user, game with the header's count, seats with names, the
    # chat's messages
    with django_assert_num_queries(6):
        response = _poll(client, started, token)
    html = response.content.decode()
    assert KEPT not in html and "Good luck, all!" in html
    # The page drawn now shows that message: a neighbour's move keeps it.
    token = _token(client, started)
    finish_turns(started, random.Random(1), skip=(1,))
    html = _poll(client, started, token).content.decode()
    assert '<span class="done">done</span>' in html and KEPT in html
    # A page that sends no talk (or another's) gets it drawn.
    talk = re.search(r"&c=[0-9.]+", token)
    assert talk is not None
    for query in (token.replace(talk.group(), ""), token.replace(talk.group(), "&c=0.1x")):
        html = _poll(client, started, query).content.decode()
        assert KEPT not in html and "Good luck, all!" in html


def test_the_talk_a_page_shows_moves_with_messages_staff_and_the_close_not_with_play(
    client: Client, host: User, player: User, outsider: User, started: Game
) -> None:
    seated, watching = table_for(player, started.pk), table_for(outsider, started.pk)
    first = chat_mark(seated)
    assert chat_mark(watching) != first  # a spectator reads, a player may write
    play_round(started, random.Random(6))
    assert chat_mark(table_for(player, started.pk)) == first
    message = post_message(started.pk, host, "Well played.")
    after_post = chat_mark(table_for(player, started.pk))
    assert after_post != first
    set_hidden([message.pk], True)
    after_hide = chat_mark(table_for(player, started.pk))
    assert after_hide not in (first, after_post)
    close(Game.objects.get(pk=started.pk), timezone.now())
    assert chat_mark(table_for(player, started.pk)) != after_hide  # nobody writes any more


def test_the_last_turn_of_a_round_makes_every_page_poll_every_second(
    client: Client, host: User, player: User, started: Game
) -> None:
    finish_turns(started, random.Random(1), skip=(0,))
    client.force_login(player)
    token = _token(client, started)
    finish_turns(started, random.Random(1), skip=(1,))  # the host is done: the round is complete
    html = _poll(client, started, token).content.decode()
    assert 'hx-trigger="load, every 1s, streamed"' in html and "every 10s" not in html
    assert "the next round is being dealt" in html


def test_a_done_viewer_sees_who_is_left_update(
    client: Client, host: User, player: User, outsider: User, django_assert_num_queries: Any
) -> None:
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=True, rated=True)
    services.join_game(game.pk, player)
    game = services.join_game(game.pk, outsider)
    finish_turns(game, random.Random(2), skip=(1, 2))
    client.force_login(host)
    token = _token(client, game)
    finish_turns(game, random.Random(2), skip=(0, 2))
    # seat and version, session, user, game with the header's count, seats with names (the
    # talk is kept): the table panel asks for no next table (the turn panel shows it), so none
    # is looked for
    with django_assert_num_queries(5):
        response = _poll(client, game, token)
    html = response.content.decode()
    waiting = re.search(r'<p class="prompt done"[^>]*id="waiting" hx-swap-oob="true">(.*?)</p>',
                        html, re.S)  # fmt: skip
    assert waiting is not None and "Waiting for Ciara." in waiting.group(1)


def test_the_round_end_rerenders_the_game(client: Client, player: User, started: Game) -> None:
    client.force_login(player)
    token = _token(client, started)
    play_round(started, random.Random(2))
    response = _poll(client, started, token)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#game" and response["HX-Reswap"] == "outerHTML"
    assert response.content.decode().lstrip().startswith('<div id="game"')


def test_it_refuses_a_poll_without_a_token(client: Client, player: User, started: Game) -> None:
    client.force_login(player)
    for query in ("", "?t=", "?t=12", "?v=3&r=1", "?t=" + "z" * 24):
        assert client.get(f"/games/{started.pk}/status/{query}").status_code == 400


def test_invite_only_tables_stay_hidden_from_pollers(
    client: Client, host: User, outsider: User
) -> None:
    game = services.create_game(host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True)
    client.force_login(outsider)
    assert _poll(client, game, "0" * 24).status_code == 404


def test_a_forming_table_shows_who_joined(
    client: Client, host: User, player: User, forming: Game
) -> None:
    client.force_login(host)
    token = _token(client, forming)
    assert _poll(client, forming, token, "forming").status_code == 204
    services.join_game(forming.pk, player)
    response = _poll(client, forming, token, "forming")
    assert response.status_code == 200
    assert "Brendan" in response.content.decode()


def test_a_forming_table_that_starts_reloads_the_page(
    client: Client, host: User, player: User, forming: Game
) -> None:
    client.force_login(host)
    token = _token(client, forming)
    services.join_game(forming.pk, player)
    services.start_game(forming.pk, host)
    response = _poll(client, forming, token, "forming")
    assert response["HX-Refresh"] == "true"


@pytest.mark.parametrize("target", ["table", "forming"])
def test_a_finished_or_unknown_table_is_handled(client: Client, player: User, target: str) -> None:
    client.force_login(player)
    response = client.get("/games/999/status/?t=" + "0" * 24, headers={"HX-Target": target})
    assert response.status_code == 404


def test_a_spectator_polls_an_open_table_and_sees_the_new_round(
    client: Client, outsider: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(outsider)
    token = _token(client, started)
    # the game's version, and no seat of the viewer's, in one query
    with django_assert_num_queries(1):
        assert _poll(client, started, token).status_code == 204
    play_round(started, random.Random(4))
    response = _poll(client, started, token)
    assert response["HX-Retarget"] == "#game"
    assert "Round 2 of 12" in response.content.decode()


def test_a_page_drawn_between_the_round_end_and_its_seats_still_sees_the_new_round(
    client: Client, host: User, player: User, started: Game
) -> None:
    """The act view may draw the page from the game row saved by the move and seats read
    after the worker advanced the round: the poll must still re-render the whole game."""
    finish_turns(started, random.Random(5), skip=(0,))
    stale_game = Game.objects.get(pk=started.pk)
    finish_turns(started, random.Random(5), skip=(1,))
    complete = Game.objects.get(pk=started.pk)
    assert complete.round_complete
    stale_game.version, stale_game.round_complete = complete.version, True
    services.advance_complete_games()
    seat = Seat.objects.get(game=started, user=player)
    mixed = token_for(stale_game, seat)  # old game row, new seat step
    client.force_login(player)
    response = _poll(client, started, str(mixed))
    assert response["HX-Retarget"] == "#game"
    assert "Round 2 of 12" in response.content.decode()
