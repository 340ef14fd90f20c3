"""The writer of tutorials: a person starts their guided first game, or starts it again."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction

from games.learn.deal import BOT, SEED
from games.models import Game, RoundTime, Tutorial
from games.services.tables import create_game


@transaction.atomic
def start_tutorial(user: User, plays: int, now: datetime) -> Game:
    """A new tutorial table for ``user`` (the table of the one before stays as it is).

    ``plays`` is how many tutorials the person's page knew of: a repeated submission (a double
    click, another tab) finds one more and gets that table instead of yet another.
    """
    tutorial = Tutorial.objects.select_for_update().filter(user=user).first()
    if tutorial is not None and tutorial.plays != plays:
        return tutorial.game
    game = create_game(
        user, seats_wanted=2, round_minutes=RoundTime.ONE_WEEK, is_open=False, rated=False,
        allow_vacation=False, bots=[BOT], seed=SEED, now=now,
    )  # fmt: skip
    if tutorial is None:
        Tutorial.objects.create(user=user, game=game, started_at=now)
    else:
        tutorial.game = game
        tutorial.plays += 1
        tutorial.started_at = now
        tutorial.save(update_fields=["game", "plays", "started_at"])
    return game
