"""The history page: the game round by round in the third person, each move linked to its
replay step, hiding others' current turns."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Action, ActionSource, Game
from tests.games.playing import finish_turns, play_round


def test_it_tells_each_round_in_the_third_person_and_marks_autopilot_turns(
    client: Client, host: User, started: Game, django_assert_num_queries: pytest.FixtureRequest
) -> None:
    game = play_round(started, random.Random(3))
    Action.objects.filter(game=game, seat=1).update(source=ActionSource.AUTOPILOT)
    client.force_login(host)
    # session, user, game, seats with users and profiles, the log, header count
    with django_assert_num_queries(6):  # type: ignore[operator]
        html = client.get(f"/games/{game.pk}/history/").content.decode()
    assert "Round 1" in html
    replay = f"/games/{game.pk}/replay/"
    assert re.search(rf'<a href="{replay}\?round=1&amp;step=1">Aoife places a tile of \d', html)
    assert re.search(r"Brendan places a tile of \d+ squares \([^)]*\)", html)
    assert f'<a href="{replay}?round=2&amp;step=0">The round ends' in html
    assert "played by autopilot</span>" in html
    assert "(-" not in html and not re.search(r"at \(\d", html)  # no raw coordinates


def test_it_hides_the_others_turns_of_the_round_in_play(
    client: Client, host: User, player: User, started: Game
) -> None:
    finish_turns(started, random.Random(4), skip=(1,))
    client.force_login(player)
    html = client.get(f"/games/{started.pk}/history/").content.decode()
    assert "Aoife places" not in html
    client.force_login(host)
    assert "Aoife places" in client.get(f"/games/{started.pk}/history/").content.decode()
