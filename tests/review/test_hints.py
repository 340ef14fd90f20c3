"""'What would the expert do?' at an unrated table played alone with bots: the expert's spot is
drawn as the tile being tried, counted once per step; refused everywhere else."""

from __future__ import annotations

import re
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

import engine
from engine import bots
from games import services
from games.challenge import entries
from games.engine_bridge import load_state
from games.models import Game, Hint, RoundTime
from games.review.hints import hint_seed
from tests.challenge.weeks import TUESDAY
from tests.games.playing import step_of


def _solo(host: User, *, rated: bool) -> Game:
    return services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=rated,
        bots=["easy"],
    )  # fmt: skip


def _ask(client: Client, game: Game, step: int | None = None) -> Any:
    """Ask for a hint from the page as drawn now (or at an older ``step``)."""
    owner = game.seats.get(position=0).user
    now = step_of(game, owner)
    return client.post(f"/games/{game.pk}/hint/", {"step": now if step is None else step})


def test_it_draws_the_expert_s_spot_and_counts_each_step_once(client: Client, host: User) -> None:
    game = _solo(host, rated=False)
    client.force_login(host)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="ask-hint"' in page and "What would the expert do?" in page
    first = _ask(client, game)
    seed = hint_seed(game.seed, step_of(game, host))
    expert = bots.choose("expert", load_state(game), 0, seed=seed)
    assert isinstance(expert, engine.PlaceTile)
    draft = f"?slot={expert.slot}&o={expert.orientation}&x={expert.x}&y={expert.y}"
    assert first.status_code == 302 and first["Location"] == f"/games/{game.pk}/{draft}"
    assert _ask(client, game)["Location"] == first["Location"]
    assert Hint.objects.filter(game=game).count() == 1
    shown = client.get(first["Location"]).content.decode()
    assert "The expert would place tile" in shown and "hints at this table: 1" in shown
    assert "Fits here." in shown
    assert f'name="notation" value="{expert}"' in shown


@pytest.mark.parametrize("why", ["rated", "two people"])
def test_rated_and_shared_tables_offer_no_hint_and_refuse_one(
    client: Client, host: User, player: User, why: str
) -> None:
    if why == "rated":
        game = _solo(host, rated=True)
    else:
        game = services.create_game(
            host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False
        )
        game = services.join_game(game.pk, player)
    client.force_login(host)
    assert 'id="ask-hint"' not in client.get(f"/games/{game.pk}/").content.decode()
    refused = _ask(client, game)
    assert refused.status_code == 403
    assert "never at rated tables or in the weekly challenge" in refused.content.decode()
    assert not Hint.objects.exists()


def test_the_weekly_challenge_refuses_hints(client: Client, host: User) -> None:
    with time_machine.travel(TUESDAY, tick=False):
        challenge = entries.open_week(TUESDAY, seed=49)
        entry = entries.enter(challenge.pk, host, TUESDAY)
        client.force_login(host)
        assert 'id="ask-hint"' not in client.get(f"/games/{entry.pk}/").content.decode()
        assert _ask(client, entry).status_code == 403
    assert not Hint.objects.exists()


def test_a_hint_asked_from_an_old_page_is_refused_as_stale(client: Client, host: User) -> None:
    game = _solo(host, rated=False)
    client.force_login(host)
    stale = _ask(client, game, step=step_of(game, host) - 1)
    assert stale.status_code == 409
    assert re.search(r"role=\"alert\">[^<]+", stale.content.decode())
    assert not Hint.objects.exists()
