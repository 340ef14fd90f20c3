"""Joining and leaving the queue, and the matcher seating people at tables that start at once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import (
    Game,
    GameStatus,
    PlayerCount,
    QueueEntry,
    Rating,
    RatingPool,
    RoundTime,
    SeatKind,
)
from games.services import GameError, create_game, matchmaking
from tests.conftest import make_person
from tests.deadlines.conftest import CaptureOnCommit

LIVE = RoundTime.TWO_MINUTES


def _join(user: User, players: str = PlayerCount.ANY, **asked: object) -> QueueEntry:
    options: dict[str, object] = {"round_minutes": LIVE, "bots_after": None, **asked}
    return matchmaking.join_queue(user, players=players, **options)  # type: ignore[arg-type]


def test_two_people_who_join_are_seated_at_one_table_that_starts_at_once(
    host: User, player: User, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    _join(host)
    with django_capture_on_commit_callbacks(execute=True):  # the matcher runs as Brendan joins
        _join(player)

    game = Game.objects.get()
    assert game.status == GameStatus.PLAYING and game.round_minutes == LIVE and game.rated
    assert [seat.user for seat in game.seats.order_by("position")] == [host, player]
    assert not QueueEntry.objects.filter(matched_at__isnull=True).exists()
    assert set(QueueEntry.objects.values_list("game", flat=True)) == {game.pk}


@pytest.mark.parametrize(
    "asked, error",
    [({"players": "6"}, "Choose 2 players"),
     ({"round_minutes": 7}, "Choose one of the round times"),
     ({"bots_after": 45}, "Choose one of the waits")],
)  # fmt: skip
def test_bad_input_is_refused_and_changes_nothing(
    host: User, asked: dict[str, object], error: str
) -> None:
    with pytest.raises(GameError, match=error):
        _join(host, **asked)  # type: ignore[arg-type]
    assert not QueueEntry.objects.exists()


def test_joining_twice_is_refused_and_keeps_the_first_wait(host: User) -> None:
    first = _join(host, PlayerCount.TWO)
    with pytest.raises(GameError, match="already waiting"):
        _join(host, PlayerCount.ANY, round_minutes=RoundTime.ONE_DAY)
    assert list(QueueEntry.objects.values_list("pk", "players")) == [(first.pk, PlayerCount.TWO)]


def test_someone_with_a_live_table_to_play_may_not_join(host: User, player: User) -> None:
    live = create_game(host, seats_wanted=2, round_minutes=RoundTime.ONE_MINUTE, is_open=False,
                       rated=False, bots=["easy"])  # fmt: skip
    with pytest.raises(GameError, match=f"Finish your live game at Table {live.pk} first"):
        _join(host)
    # A slow table does not hold anyone back: it is played over days.
    create_game(player, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=False,
                rated=False, bots=["easy"])  # fmt: skip
    _join(player)
    assert list(QueueEntry.objects.values_list("user", flat=True)) == [player.pk]


def test_leaving_takes_one_click_and_a_second_is_refused(host: User) -> None:
    _join(host)
    matchmaking.leave_queue(host)
    assert not QueueEntry.objects.exists()
    with pytest.raises(GameError, match="not waiting"):
        matchmaking.leave_queue(host)


def test_someone_just_seated_cannot_leave_the_table_by_leaving_the_queue(
    host: User, player: User
) -> None:
    _join(host)
    _join(player)
    [game] = matchmaking.match_speed(LIVE)
    with pytest.raises(GameError, match="just been seated"):
        matchmaking.leave_queue(host)
    assert game.seats.filter(user=host).exists()


def test_the_wait_is_matched_against_the_rating_of_the_pool_asked_for(host: User) -> None:
    Rating.objects.create(user=host, pool=RatingPool.TWO, mu=31.0, sigma=2.0, ordinal=25.0,
                          updated_at=timezone.now())  # fmt: skip
    assert _join(host, PlayerCount.TWO).skill == 31.0
    matchmaking.leave_queue(host)
    assert _join(host, PlayerCount.THREE_TO_FIVE).skill == 25.0  # no rating there yet


def test_bots_of_the_persons_level_fill_the_table_after_the_chosen_wait(host: User) -> None:
    Rating.objects.create(user=host, pool=RatingPool.MULTI, mu=31.0, sigma=2.0, ordinal=25.0,
                          updated_at=timezone.now())  # fmt: skip
    now = timezone.now()
    _join(host, PlayerCount.THREE_TO_FIVE, bots_after=30, now=now)
    assert matchmaking.match_speed(LIVE, now=now + timedelta(seconds=29)) == []

    [game] = matchmaking.match_speed(LIVE, now=now + timedelta(seconds=30))
    seats = list(game.seats.order_by("position"))
    assert [(s.kind, s.bot) for s in seats] == [
        (SeatKind.PERSON, ""), (SeatKind.BOT, "hard"), (SeatKind.BOT, "hard")
    ]  # fmt: skip
    assert game.status == GameStatus.PLAYING and game.seats_wanted == 3


def test_each_speed_is_a_queue_of_its_own(host: User, player: User) -> None:
    _join(host)
    _join(player, round_minutes=RoundTime.ONE_DAY)
    assert matchmaking.match_all() == 0
    _join(make_person("Deirdre"), round_minutes=RoundTime.ONE_DAY)
    assert matchmaking.match_all() == 1
    assert Game.objects.get().round_minutes == RoundTime.ONE_DAY
