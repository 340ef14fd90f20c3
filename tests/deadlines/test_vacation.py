"""During a person's vacation the autopilot plays their rounds at once, where the table allows."""

from __future__ import annotations

from datetime import date, timedelta

import time_machine
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Profile
from games import services
from games.models import Action, ActionSource, Game, Seat
from tests.deadlines.conftest import CaptureOnCommit, two_player_table


def _away(user: User, first: date, last: date | None = None) -> None:
    Profile.objects.filter(user=user).update(vacation_from=first, vacation_until=last)


def _played_for(game: Game, position: int) -> bool:
    """Whether the autopilot played the seat's turn this round, logged as vacation."""
    return Action.objects.filter(
        game=game, seat=position, source=ActionSource.VACATION, round=game.round
    ).exists()


def test_the_autopilot_plays_a_vacationer_as_soon_as_the_game_starts(
    clock: time_machine.Coordinates, host: User, player: User, client: Client,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    _away(player, date(2026, 3, 1), date(2026, 3, 10))
    with django_capture_on_commit_callbacks(execute=True):
        game = two_player_table(host, player)
    assert _played_for(game, 1) and not _played_for(game, 0)
    brendan = Seat.objects.get(game=game, user=player)
    assert (brendan.to_play, brendan.autopilot_streak, brendan.absent) == (False, 0, False)

    client.force_login(host)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "on vacation" in page and "played by autopilot" in page


def test_a_table_without_vacations_waits_for_the_deadline(
    clock: time_machine.Coordinates, host: User, player: User,
    django_capture_on_commit_callbacks: CaptureOnCommit,
) -> None:  # fmt: skip
    _away(player, date(2026, 3, 1))
    with django_capture_on_commit_callbacks(execute=True):
        game = two_player_table(host, player, allow_vacation=False)
    clock.shift(timedelta(hours=1))
    services.sweep_deadlines()
    assert not _played_for(game, 1)
    assert Seat.objects.get(game=game, user=player).to_play


def test_a_vacation_that_begins_during_a_round_is_picked_up_by_the_sweep(
    clock: time_machine.Coordinates, started: Game, player: User
) -> None:
    _away(player, date(2026, 3, 3), date(2026, 3, 5))
    services.sweep_deadlines()  # 2 March: not yet away
    assert not _played_for(started, 1)
    clock.shift(timedelta(hours=16))  # 3 March, 01:00 UTC
    assert services.sweep_deadlines().away_turns == 1
    assert _played_for(started, 1)


def test_a_vacation_in_the_past_changes_nothing(
    clock: time_machine.Coordinates, started: Game, player: User
) -> None:
    _away(player, date(2026, 2, 1), date(2026, 2, 14))
    assert services.sweep_deadlines() == services.Swept()
    assert not _played_for(started, 1)
