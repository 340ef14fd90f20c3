"""A turn taken back in the history, the replay and the export: told to its player at once, to
everyone once the round is over, and kept in the exported log, which replays to the same end."""

from __future__ import annotations

import json
import random

from django.contrib.auth.models import User
from django.test import Client

import engine
from games import services
from games.models import Game
from tests.games.playing import finish_turns, play_to_end, step_of

TOLD = "Aoife takes back their turn, to play it again."


def _taken_back_and_played_again(game: Game, host: User) -> Game:
    game = finish_turns(game, random.Random(4), skip=(1,))
    services.undo_turn(game.pk, host, step_of(game, host), seen_round=game.round)
    return finish_turns(game, random.Random(6), skip=(1,))


def test_the_history_tells_the_undo_to_its_player_now_and_to_the_others_after_the_round(
    client: Client, host: User, player: User, started: Game
) -> None:
    game = _taken_back_and_played_again(started, host)
    client.force_login(host)
    assert TOLD in client.get(f"/games/{game.pk}/history/").content.decode()
    replay = client.get(f"/games/{game.pk}/replay/?round=1").content.decode()
    assert TOLD in replay  # one of the host's steps of the round
    client.force_login(player)
    assert TOLD not in client.get(f"/games/{game.pk}/history/").content.decode()
    assert TOLD not in client.get(f"/games/{game.pk}/replay/?round=1").content.decode()
    game = finish_turns(game, random.Random(5))
    services.advance_complete_games()
    assert TOLD in client.get(f"/games/{game.pk}/history/").content.decode()
    assert TOLD in client.get(f"/games/{game.pk}/replay/?round=1").content.decode()


def test_the_export_keeps_the_undo_and_replays_to_the_same_scores(
    client: Client, host: User, started: Game
) -> None:
    game = play_to_end(_taken_back_and_played_again(started, host), random.Random(21))
    client.force_login(host)
    doc = json.loads(client.get(f"/games/{game.pk}/export.json").content)
    undone = [a for a in doc["actions"] if a["notation"] == "undo"]
    assert [(a["round"], a["seat"], a["source"]) for a in undone] == [(1, 0, "player")]
    result = engine.replay(
        doc["seed"], doc["options"]["players"], [(a["seat"], a["notation"]) for a in doc["actions"]]
    )
    assert result.error is None and result.state.phase is engine.Phase.FINISHED
    totals = {s["seat"]: s["score"]["total"] for s in doc["scores"]}
    assert totals == {i: engine.score(result.state, i).total for i in range(2)}
