"""Entering the weekly challenge: one entry per person per week, the same deal, no deadlines."""

from __future__ import annotations

import json

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

import engine
from accounts.models import EmailMode
from games.challenge import entries
from games.engine_bridge import load_state, rebuild_state
from games.models import Game, GameVariant
from games.models.challenge import Challenge
from games.models.outbox import OutboxMessage
from games.notifications.scan import scan
from games.services import GameError
from tests.challenge.weeks import NEXT_MONDAY, SEED, TUESDAY, entry_of


def test_it_makes_an_entry_a_one_person_duplicate_game_on_the_weeks_seed(host: User) -> None:
    challenge = entries.open_week(TUESDAY, seed=SEED)
    game = entries.enter(challenge.pk, host, TUESDAY)
    assert game.variant == GameVariant.DUPLICATE
    assert game.seed == challenge.seed
    assert list(game.seats.values_list("user", flat=True)) == [host.pk]
    assert game.round_deadline is None
    assert not game.rated


def test_it_gives_a_person_the_same_entry_when_they_enter_again(host: User) -> None:
    challenge = entries.open_week(TUESDAY, seed=SEED)
    first = entries.enter(challenge.pk, host, TUESDAY)
    assert entries.enter(challenge.pk, host, TUESDAY).pk == first.pk
    assert Game.objects.filter(challenge=challenge).count() == 1


def test_it_offers_two_people_choosing_differently_the_same_tiles(host: User, player: User) -> None:
    first = entry_of(host, 3, chooser=1)
    second = entry_of(player, 3, chooser=2)
    a, b = load_state(first), load_state(second)
    assert a.round == 4
    assert a.seats[0].display != b.seats[0].display
    assert (a.round, a.areas[a.area_of(0)], a.bonus_stack) == (
        b.round,
        b.areas[b.area_of(0)],
        b.bonus_stack,
    )
    assert rebuild_state(first) == a


def test_it_takes_no_entry_once_the_week_is_over(host: User) -> None:
    challenge = entries.open_week(TUESDAY, seed=SEED)
    with pytest.raises(GameError, match="Week 49's challenge is over"):
        entries.enter(challenge.pk, host, NEXT_MONDAY)
    assert not Game.objects.filter(challenge=challenge).exists()


def test_it_says_so_when_there_is_no_such_challenge(host: User) -> None:
    with pytest.raises(GameError, match="no such challenge"):
        entries.enter(404, host, TUESDAY)
    assert not Challenge.objects.exists()


def test_it_exports_an_entry_that_replays_from_its_seed_and_variant(
    client: Client, host: User
) -> None:
    game = entry_of(host, 13, chooser=1)
    client.force_login(host)
    doc = json.loads(client.get(f"/games/{game.pk}/export.json").content)
    assert doc["options"]["variant"] == "duplicate"
    moves = [(a["seat"], a["notation"]) for a in doc["actions"]]
    result = engine.replay(doc["seed"], 1, moves, engine.Variant(doc["options"]["variant"]))
    assert result.error is None and result.state.phase is engine.Phase.FINISHED


def test_it_replays_and_tells_the_history_of_an_entry_like_a_table(
    client: Client, host: User
) -> None:
    game = entry_of(host, 13, chooser=1)
    client.force_login(host)
    assert client.get(f"/games/{game.pk}/replay/", {"round": 6}).status_code == 200
    assert client.get(f"/games/{game.pk}/history/").status_code == 200


def test_it_does_not_count_an_entry_as_a_table_finished_this_month(
    client: Client, host: User
) -> None:
    entry_of(host, 13, chooser=1)
    with time_machine.travel(TUESDAY, tick=False):
        page = client.get("/leaderboard/", {"tab": "month"}).content.decode()
    assert "Nobody has finished a table this month yet." in page


def test_it_mails_an_entrant_no_turns_results_or_digests(host: User, player: User) -> None:
    entry_of(host, 13, chooser=1)
    entry_of(player, 2, chooser=2)
    player.profile.email_mode = EmailMode.DIGEST
    player.profile.save()
    for hour in range(24):
        scan(now=TUESDAY.replace(hour=hour))
    assert not OutboxMessage.objects.exists()
