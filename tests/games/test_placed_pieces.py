"""Placed pieces: one row per tile, bonus tile, tower and sheep, written with its action and
rebuilt from the log by ``manage.py rebuild_placed``."""

from __future__ import annotations

import io
import random

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

import engine
from games import services
from games.engine_bridge import load_state
from games.models import Action, Game, PlacedPiece, RoundTime
from tests.games.playing import play_to_end, step_of


def _rows(game: Game) -> list[tuple[object, ...]]:
    fields = ("seat", "round", "seq", "kind", "piece_id", "orientation", "cells", "landscapes")
    return list(PlacedPiece.objects.filter(game=game).order_by("seq").values_list(*fields))


@pytest.fixture
def against_a_bot(host: User) -> Game:
    """A solo table: the host against a bot, so both people's and bots' moves are logged."""
    return services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False,
        bots=["easy"],
    )  # fmt: skip


def test_every_placing_action_has_its_piece_on_the_county_it_names(against_a_bot: Game) -> None:
    game = play_to_end(against_a_bot, random.Random(8))
    state = load_state(game)
    pieces = list(PlacedPiece.objects.filter(game=game))
    placing = Action.objects.filter(game=game).exclude(notation="end")
    assert sorted(p.seq for p in pieces) == sorted(placing.values_list("seq", flat=True))
    assert {p.seat for p in pieces} == {0, 1}
    assert {p.kind for p in pieces} >= {"tile", "sheep"}
    for piece in pieces:
        display = state.seats[piece.seat].display
        for (x, y), landscape in zip(piece.cells, piece.landscapes, strict=True):
            assert display[(x, y)].landscape == landscape
    tiles = [p for p in pieces if p.kind == "tile"]
    assert len(tiles) == 2 * state.rounds_total
    for tile in tiles:
        assert tile.piece_id is not None and tile.orientation is not None
        assert len(tile.cells) == engine.TILES[tile.piece_id].size


def test_rebuilt_rows_equal_the_rows_written_with_the_moves(against_a_bot: Game) -> None:
    game = play_to_end(against_a_bot, random.Random(9))
    written = _rows(game)
    PlacedPiece.objects.filter(game=game, seat=1).delete()
    call_command("rebuild_placed", str(game.pk), stdout=io.StringIO())
    assert _rows(game) == written


def test_a_refused_move_places_nothing(started: Game, host: User) -> None:
    with pytest.raises(engine.IllegalAction):
        services.submit_action(started.pk, host, "t0 o0 50,50", step_of(started, host))
    assert not PlacedPiece.objects.filter(game=started).exists()


def test_the_command_refuses_a_table_that_has_not_started(forming: Game) -> None:
    with pytest.raises(CommandError, match=f"No started table with id {forming.pk}"):
        call_command("rebuild_placed", str(forming.pk))


def test_the_command_rebuilds_every_started_table_by_default(
    started: Game, forming: Game, host: User
) -> None:
    services.submit_action(started.pk, host, _a_tile(started), step_of(started, host))
    out = io.StringIO()
    PlacedPiece.objects.all().delete()
    call_command("rebuild_placed", stdout=out)
    assert out.getvalue().strip() == "Rebuilt 1 placed pieces of 1 tables."
    assert PlacedPiece.objects.get().seq == 1


def _a_tile(game: Game) -> str:
    orientation, x, y = engine.legal_placements(load_state(game), 0, 0)[0]
    return str(engine.PlaceTile(0, orientation, x, y))
