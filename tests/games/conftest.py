"""Fixed roles for games tests: a host, another player, an outsider, and a started table."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.models import Profile
from games import services
from games.models import Game, RoundTime

SEED = 20261129


def make_person(name: str) -> User:
    user = User.objects.create_user(username=name, email=f"{name}@example.com", password="pw")

    Profile.objects.create(user=user, display_name=name)
    return user


@pytest.fixture
def host(db: None) -> User:
    return make_person("Aoife")


@pytest.fixture
def player(db: None) -> User:
    return make_person("Brendan")


@pytest.fixture
def outsider(db: None) -> User:
    return make_person("Ciara")


@pytest.fixture
def forming(host: User) -> Game:
    return services.create_game(
        host, seats_wanted=3, round_hours=RoundTime.ONE_DAY, is_open=True, rated=True
    )


@pytest.fixture
def started(host: User, player: User) -> Game:
    """A two-player table in round 1."""
    game = services.create_game(
        host, seats_wanted=2, round_hours=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    return services.join_game(game.pk, player)
