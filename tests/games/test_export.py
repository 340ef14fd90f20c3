"""The export: a finished game as JSON that replays, with the engine alone, to the same scores."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

import engine
from games.models import Game
from tests.games.playing import play_to_end


@pytest.fixture
def finished(started: Game) -> Game:
    return play_to_end(started, random.Random(21))


def test_it_re_scores_identically_when_replayed_by_the_engine(
    client: Client, host: User, finished: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(host)
    # session, user, game, seats with users and profiles, the log
    with django_assert_num_queries(5):
        response = client.get(f"/games/{finished.pk}/export.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    doc = json.loads(response.content)
    assert (doc["format"], doc["version"], doc["seed"]) == ("tipperary-game", 2, finished.seed)
    assert [p["name"] for p in doc["players"]] == ["Aoife", "Brendan"]
    moves = [(a["seat"], a["notation"]) for a in doc["actions"]]
    result = engine.replay(doc["seed"], doc["options"]["players"], moves)
    assert result.error is None and result.state.phase is engine.Phase.FINISHED
    for entry in doc["scores"]:
        assert entry["score"] == asdict(engine.score(result.state, entry["seat"]))
    ranks = {s.seat: s.rank for s in engine.final_ranking(result.state)}
    assert {e["seat"]: e["rank"] for e in doc["scores"]} == ranks
    assert [a["seq"] for a in doc["actions"]] == list(range(1, len(moves) + 1))
    assert {a["source"] for a in doc["actions"]} == {"player", "system"}


def test_a_game_in_play_has_no_export_yet(client: Client, host: User, started: Game) -> None:
    client.force_login(host)
    response = client.get(f"/games/{started.pk}/export.json")
    assert response.status_code == 404


def test_an_invite_only_table_is_exported_for_its_players_only(
    client: Client, host: User, outsider: User, finished: Game
) -> None:
    Game.objects.filter(pk=finished.pk).update(is_open=False)
    client.force_login(outsider)
    assert client.get(f"/games/{finished.pk}/export.json").status_code == 404
    client.force_login(host)
    assert client.get(f"/games/{finished.pk}/export.json").status_code == 200
