"""Taking back one's whole turn while the round is open: a new entry in the log, applied once,
refused with a reason (and the real 4xx) when there is nothing to take back."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.engine_bridge import load_state, rebuild_state
from games.models import Action, ActionSource, Game, PlacedPiece, Seat
from games.services.placed import pieces_from_log
from tests.games.playing import any_legal_action, finish_turns, step_of

HTMX = {"HX-Request": "true", "HX-Target": "game"}
PIECE_FIELDS = ("seq", "seat", "round", "kind", "piece_id", "orientation", "cells")


def _pieces(game: Game) -> list[tuple[object, ...]]:
    return list(PlacedPiece.objects.filter(game=game).order_by("seq").values_list(*PIECE_FIELDS))


def _host_done(game: Game, seed: int = 4) -> Game:
    """The host (seat 0) finishes the round's turn; the other player has not played yet."""
    return finish_turns(game, random.Random(seed), skip=(1,))


def test_a_turn_taken_back_is_a_new_entry_and_the_seat_plays_again(
    host: User, player: User, started: Game
) -> None:
    game = _host_done(started)
    dealt = load_state(started).start.seats[0]
    logged = list(Action.objects.filter(game=game).values_list("seq", "notation"))
    versions = game.version, step_of(game, host), step_of(game, player)

    services.undo_turn(game.pk, host, step_of(game, host), seen_round=1)

    game.refresh_from_db()
    state = load_state(game)
    assert state.seats[0] == dealt
    assert engine.pending(state, 0).kind is engine.PendingKind.TILE
    # Nothing of the log was changed: the undo is added at its end.
    entries = list(Action.objects.filter(game=game).values_list("seq", "notation", "seat"))
    assert [(seq, text) for seq, text, _ in entries[:-1]] == logged
    assert entries[-1] == (logged[-1][0] + 1, "undo", 0)
    assert rebuild_state(game) == state
    # Everyone sees that the host is no longer done; only the host's own situation moved.
    assert game.version == versions[0] + 1
    assert (step_of(game, host), step_of(game, player)) == (versions[1] + 1, versions[2])
    assert Seat.objects.get(game=game, position=0).to_play
    # The host's pieces of the round left the county's rows, as a rebuild from the log says.
    assert not PlacedPiece.objects.filter(game=game, seat=0).exists()
    rebuilt = pieces_from_log(game.pk, game.seed, 2)
    assert _pieces(game) == [tuple(getattr(r, f) for f in PIECE_FIELDS) for r in rebuilt]


def test_a_repeated_undo_applies_once(host: User, started: Game) -> None:
    game = _host_done(started)
    step = step_of(game, host)
    services.undo_turn(game.pk, host, step, seen_round=1)
    with pytest.raises(services.StaleTurn, match="nothing was taken back"):
        services.undo_turn(game.pk, host, step, seen_round=1)
    assert Action.objects.filter(game=game, notation="undo").count() == 1


def test_an_unfinished_turn_and_the_last_turn_of_a_round_cannot_be_taken_back(
    host: User, player: User, started: Game
) -> None:
    with pytest.raises(engine.IllegalAction, match=r"^not_finished"):
        services.undo_turn(started.pk, host, step_of(started, host))
    game = _host_done(started)
    step = step_of(game, host)
    game = finish_turns(game, random.Random(5))  # the last turn: the round is complete
    assert game.round_complete
    with pytest.raises(engine.IllegalAction, match=r"^round_ending"):
        services.undo_turn(game.pk, host, step, seen_round=1)
    services.advance_complete_games()  # as the worker does at once
    game.refresh_from_db()
    assert game.round == 2
    with pytest.raises(services.StaleTurn, match="Round 2 has begun"):
        services.undo_turn(game.pk, host, step, seen_round=1)
    with pytest.raises(engine.IllegalAction, match=r"^not_finished"):
        services.undo_turn(game.pk, host, step_of(game, host), seen_round=2)
    assert not Action.objects.filter(notation="undo").exists()


def test_a_turn_the_autopilot_played_stands(host: User, started: Game) -> None:
    rng = random.Random(2)
    while engine.pending(load_state(started), 0).kind is not engine.PendingKind.NONE:
        notation = any_legal_action(load_state(started), 0, rng)
        assert notation is not None
        services.submit_action(
            started.pk, host, notation, step_of(started, host), source=ActionSource.AUTOPILOT
        )
        started.refresh_from_db()
    with pytest.raises(services.GameError, match="The autopilot played this turn"):
        services.undo_turn(started.pk, host, step_of(started, host))
    assert not Action.objects.filter(notation="undo").exists()


def test_taken_back_played_differently_and_the_round_ends(
    host: User, player: User, started: Game
) -> None:
    game = _host_done(started, seed=4)
    first = list(Action.objects.filter(game=game, seat=0).values_list("notation", flat=True))
    services.undo_turn(game.pk, host, step_of(game, host), seen_round=1)
    game = _host_done(game, seed=11)
    again = list(
        Action.objects.filter(game=game, seat=0).order_by("seq").values_list("notation", flat=True)
    )
    assert again[: len(first) + 1] == [*first, "undo"] and again[len(first) + 1 :] != first
    game = finish_turns(game, random.Random(5))
    services.advance_complete_games()
    game.refresh_from_db()
    assert game.round == 2
    assert rebuild_state(game) == load_state(game)
    # In the next round only that round's pieces are taken back.
    round_one = _pieces(game)
    game = _host_done(game, seed=12)
    services.undo_turn(game.pk, host, step_of(game, host), seen_round=2)
    assert _pieces(game) == round_one
    rebuilt = pieces_from_log(game.pk, game.seed, 2)
    assert _pieces(game) == [tuple(getattr(r, f) for f in PIECE_FIELDS) for r in rebuilt]


# The page and the endpoint.


def test_a_done_player_is_offered_to_take_back_the_turn(
    client: Client, host: User, player: User, started: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:  # fmt: skip
    client.force_login(host)
    assert 'id="undo-turn"' not in client.get(f"/games/{started.pk}/").content.decode()
    game = _host_done(started)
    # session, user, the viewer's seat and token with the tables waiting (header count), then
    # to draw it: game, seats with users and profiles, another table waiting for the viewer
    # (who is done here); no talk, so no messages read. Whether to offer the undo costs none.
    with django_assert_num_queries(6):  # type: ignore[operator]
        html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Take back my turn" in html
    assert f'action="/games/{game.pk}/undo/"' in html
    client.force_login(player)  # the player still to play has no such button
    assert 'id="undo-turn"' not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_plain_form_takes_the_turn_back_and_shows_the_tiles_again(
    client: Client, host: User, started: Game,
    django_assert_num_queries: pytest.FixtureRequest,
) -> None:  # fmt: skip
    game = _host_done(started)
    client.force_login(host)
    data = {"step": step_of(game, host), "round": 1}
    # session, user; the service: savepoint, game locked, the seat, the source of the seat's
    # last entry, the last entry's seq, the new entry, the last round's end, the pieces taken
    # out, the game saved, the seats' steps and to_play, savepoint released
    with django_assert_num_queries(13):  # type: ignore[operator]
        response = client.post(f"/games/{game.pk}/undo/", data)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your turn is taken back: play it again." in html
    assert "Your turn: pick a tile" in html


def test_htmx_gets_the_fresh_game_and_a_repeat_gets_409(
    client: Client, host: User, started: Game
) -> None:
    game = _host_done(started)
    client.force_login(host)
    data = {"step": step_of(game, host), "round": 1}
    response = client.post(f"/games/{game.pk}/undo/", data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<div id="game"')
    assert "Your turn: pick a tile" in html
    again = client.post(f"/games/{game.pk}/undo/", data, headers=HTMX)
    assert again.status_code == 409
    assert 'role="alert"' in again.content.decode()
    assert "nothing was taken back" in again.content.decode()
    assert Action.objects.filter(notation="undo").count() == 1


def test_an_undo_after_the_round_moved_on_is_refused_with_409(
    client: Client, host: User, started: Game
) -> None:
    game = _host_done(started)
    client.force_login(host)
    data = {"step": step_of(game, host), "round": 1}
    finish_turns(game, random.Random(5))
    services.advance_complete_games()
    response = client.post(f"/games/{game.pk}/undo/", data, headers=HTMX)
    assert response.status_code == 409
    assert "Round 2 has begun since this page was drawn" in response.content.decode()
    assert not Action.objects.filter(notation="undo").exists()


def test_garbage_and_spectators_are_refused(
    client: Client, host: User, outsider: User, started: Game
) -> None:
    game = _host_done(started)
    version = Game.objects.get(pk=game.pk).version
    client.force_login(host)
    for data in ({}, {"step": "x"}, {"step": "-1"}, {"step": "1", "round": "many"}):
        assert client.post(f"/games/{game.pk}/undo/", data, headers=HTMX).status_code == 400
    assert client.get(f"/games/{game.pk}/undo/").status_code == 405
    client.force_login(outsider)  # a spectator at an open table
    refused = client.post(f"/games/{game.pk}/undo/", {"step": 0}, headers=HTMX)
    assert refused.status_code == 403
    assert "You have no seat at this table." in refused.content.decode()
    assert Game.objects.get(pk=game.pk).version == version
    assert not Action.objects.filter(notation="undo").exists()
