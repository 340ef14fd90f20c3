"""The unchanged poll answered from the token kept in Redis: no query at all, and never a 204
after a change, whatever Redis lost or whenever the change commits."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client

from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.page.live import current_token
from games.ratings.rate import rate_game
from games.streams import publish, tokens
from tests.games.playing import finish_turns, move_with_a_follow_up, step_of
from tests.games.test_status import POLL, _token
from tests.ratings.tables import finished_table


def _forget_everything() -> None:
    """Every key of this test database's site, as a Redis that restarted empty."""
    redis = publish.client(django_settings.CELERY_BROKER_URL)
    keys = list(redis.scan_iter(match=f"{publish.prefix()}*", count=1000))
    if keys:
        redis.delete(*keys)


@pytest.fixture(autouse=True)
def redis_kept(settings: Any, started: Game) -> Iterator[None]:
    """The site with its Redis, as deployed (other tests run it without one), from the moment
    the table is set up: a change in a test's transaction is committed only where the test says
    so (``django_capture_on_commit_callbacks``)."""
    settings.STREAMS_REDIS_URL = settings.CELERY_BROKER_URL
    _forget_everything()
    yield
    _forget_everything()


def _poll(client: Client, game: Game, query: str) -> int:
    return int(client.get(f"/games/{game.pk}/status/?{query}", headers=POLL).status_code)


def test_an_unchanged_poll_is_answered_from_redis_without_a_query(
    client: Client, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    query = _token(client, started)
    with django_assert_num_queries(1):  # nothing kept yet: the database, and the token is kept
        assert _poll(client, started, query) == 204
    with django_assert_num_queries(0):  # the kept token and who is here: one Redis round trip
        assert _poll(client, started, query) == 204


def test_the_poll_after_a_change_is_answered_by_the_view(
    client: Client, player: User, started: Game, django_capture_on_commit_callbacks: Any
) -> None:
    client.force_login(player)
    query = _token(client, started)
    assert _poll(client, started, query) == 204 and _poll(client, started, query) == 204
    with django_capture_on_commit_callbacks(execute=True):
        finish_turns(started, random.Random(1), skip=(1,))  # the host is done
    assert _poll(client, started, query) == 200
    fresh = _token(client, started)
    assert _poll(client, started, fresh) == 204 and _poll(client, started, fresh) == 204


def test_a_change_not_yet_committed_already_keeps_the_old_token_from_answering(
    client: Client, player: User, started: Game
) -> None:
    # Before the commit (no on-commit callback runs in this test's transaction) the table's
    # tokens are forgotten and nobody keeps one until the change is through.
    client.force_login(player)
    query = _token(client, started)
    assert _poll(client, started, query) == 204
    finish_turns(started, random.Random(1), skip=(1,))
    assert _poll(client, started, query) == 200
    fresh = _token(client, started)
    for _ in range(2):
        assert _poll(client, started, fresh) == 204
    assert tokens.ask(started.pk, player.pk, fresh.split("&")[0][2:], time.time()).found is (
        tokens.Found.NOTHING
    )


def test_a_neighbours_hidden_move_leaves_a_co_players_answer_unchanged(
    client: Client,
    host: User,
    player: User,
    started: Game,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """R4.2: a tile with a follow-up (sheep, bonus) changes only the mover's own token."""
    state = load_state(started)
    follow_up = move_with_a_follow_up(state, 0)
    client.force_login(player)
    theirs = _token(client, started)
    client.force_login(host)
    mine = _token(client, started)
    assert _poll(client, started, theirs) == 204 and _poll(client, started, mine) == 204
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(started.pk, host, str(follow_up), step_of(started, host))
    assert _poll(client, started, mine) == 200  # the mover's own half moved
    client.force_login(player)
    for _ in range(2):  # from the database, then from Redis: the same answer
        assert _poll(client, started, theirs) == 204


def test_a_token_read_before_a_change_is_not_kept_after_it(
    player: User, started: Game, django_capture_on_commit_callbacks: Any
) -> None:
    asked = tokens.ask(started.pk, player.pk, "0" * 24, time.time())
    assert asked.found is tokens.Found.NOTHING and asked.generation is not None
    before = current_token(started.pk, player.pk)
    assert before is not None
    with django_capture_on_commit_callbacks(execute=True):
        finish_turns(started, random.Random(1), skip=(1,))
    # The slow poll keeps what it read before the change: Redis refuses it.
    tokens.keep(started.pk, player.pk, str(before.token), asked.generation)
    found = tokens.ask(started.pk, player.pk, str(before.token), time.time()).found
    assert found is tokens.Found.NOTHING


def test_no_token_is_kept_while_a_change_is_being_committed(
    player: User, started: Game, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        publish.table_changed(started.pk)
        asked = tokens.ask(started.pk, player.pk, "0" * 24, time.time())
        assert asked.generation is not None
        now = current_token(started.pk, player.pk)
        assert now is not None
        tokens.keep(started.pk, player.pk, str(now.token), asked.generation)
        assert tokens.ask(started.pk, player.pk, str(now.token), 0).found is (tokens.Found.NOTHING)
    # Committed: the next poll keeps its token again.
    asked = tokens.ask(started.pk, player.pk, str(now.token), time.time())
    assert asked.generation is not None
    tokens.keep(started.pk, player.pk, str(now.token), asked.generation)
    assert tokens.ask(started.pk, player.pk, str(now.token), time.time()).found is (
        tokens.Found.SAME
    )


def test_a_redis_that_lost_its_keys_leaves_the_answer_to_the_database(
    client: Client, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    query = _token(client, started)
    assert _poll(client, started, query) == 204 and _poll(client, started, query) == 204
    _forget_everything()  # restarted empty
    with django_assert_num_queries(1):
        assert _poll(client, started, query) == 204
    finish_turns(started, random.Random(1), skip=(1,))
    _forget_everything()
    assert _poll(client, started, query) == 200


def test_a_redis_that_does_not_answer_leaves_the_answer_to_the_database(
    client: Client, player: User, started: Game, settings: Any, django_assert_num_queries: Any
) -> None:
    client.force_login(player)
    query = _token(client, started)
    assert _poll(client, started, query) == 204 and _poll(client, started, query) == 204
    settings.STREAMS_REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    with django_assert_num_queries(1):
        assert _poll(client, started, query) == 204
    finish_turns(started, random.Random(1), skip=(1,))
    assert _poll(client, started, query) == 200


def test_a_stranger_cannot_fill_redis_with_the_viewers_of_an_open_table(
    client: Client, player: User, started: Game
) -> None:
    client.force_login(player)
    spectator = _token(client, started).split("&")[0]
    spectator = spectator[:14] + "0" * 12  # an open table shows everyone not seated this token
    for viewer in range(10_000, 10_000 + tokens.KEPT_AT_MOST + 20):
        assert _poll(client, started, f"{spectator}&v={viewer}") == 204
    kept = publish.client(django_settings.CELERY_BROKER_URL).hlen(
        publish.channel(publish.TOKENS, started.pk)
    )
    assert kept == tokens.KEPT_AT_MOST


def test_rating_a_finished_table_is_a_change_its_pages_hear_of(
    host: User, player: User, django_capture_on_commit_callbacks: Any
) -> None:
    """The final page is drawn again with the ratings in: the kept token must go."""
    game = finished_table([host, player], [70, 60])
    before = current_token(game.pk, player.pk)
    assert before is not None
    asked = tokens.ask(game.pk, player.pk, str(before.token), time.time())
    assert asked.generation is not None
    tokens.keep(game.pk, player.pk, str(before.token), asked.generation)
    assert tokens.ask(game.pk, player.pk, str(before.token), time.time()).found is (
        tokens.Found.SAME
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert rate_game(game.pk) == 2
    assert tokens.ask(game.pk, player.pk, str(before.token), time.time()).found is (
        tokens.Found.NOTHING
    )
