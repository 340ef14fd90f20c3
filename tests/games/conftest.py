"""Fixed roles for games tests: a host, another player, an outsider, and a started table."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Game, RoundTime

SEED = 20261129


@pytest.fixture
def named(player: User) -> User:
    """The other player, with a name holding all that must be escaped to be shown as text."""
    player.profile.display_name = """B<r>&"en'dan"""
    player.profile.save()
    return player


@pytest.fixture
def forming(host: User) -> Game:
    return services.create_game(
        host, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )


@pytest.fixture
def started(host: User, player: User) -> Game:
    """A two-player table in round 1."""
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    return services.join_game(game.pk, player)
