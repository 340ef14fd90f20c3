"""Rating a finished table: who moves, in which order, in which pool, and only once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.services import delete_account
from games import services
from games.models import Game, GameStatus, RoundTime
from games.models.ratings import Rating, RatingChange, RatingPool
from games.ratings.rate import rate_finished_games, rate_game
from games.ratings.scale import START_MU, bot_skill
from tests.notifications.conftest import play_to_the_end
from tests.ratings.tables import finished_table


def ordinals(*people: User, pool: RatingPool = RatingPool.MULTI) -> list[float]:
    found = {r.user_id: r.ordinal for r in Rating.objects.filter(pool=pool)}
    return [found[person.pk] for person in people]


def test_finishing_a_rated_three_person_table_moves_the_three_ratings_in_rank_order(
    host: User,
    player: User,
    outsider: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    game = services.create_game(
        host, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=True
    )
    Game.objects.filter(pk=game.pk).update(seed=5)
    services.join_game(game.pk, player)
    game = services.join_game(game.pk, outsider)
    # The worker's tasks, the rating among them, run as each move commits.
    with django_capture_on_commit_callbacks(execute=True):
        game = play_to_the_end(game)
    assert game.status == GameStatus.FINISHED
    ranked = sorted(game.seats.all(), key=lambda seat: (seat.rank, seat.position))
    changes = {c.seat_id: c for c in RatingChange.objects.filter(game=game)}
    assert len(changes) == 3
    assert all(c.pool == RatingPool.MULTI for c in changes.values())
    moved = [changes[seat.pk].mu_after - changes[seat.pk].mu_before for seat in ranked]
    assert moved == sorted(moved, reverse=True)
    assert moved[0] > 0 > moved[-1]
    assert Rating.objects.filter(pool=RatingPool.MULTI, games=1).count() == 3
    assert not Rating.objects.filter(pool=RatingPool.TWO).exists()


def test_an_unrated_table_moves_nobody(host: User, player: User, outsider: User) -> None:
    game = finished_table([host, player, outsider], [70, 60, 50], rated=False)
    assert rate_game(game.pk) == 0
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_a_two_player_table_moves_the_two_player_pool_only(host: User, player: User) -> None:
    finished_table([host, player], [70, 60])
    rate_finished_games()
    assert set(Rating.objects.values_list("pool", flat=True)) == {RatingPool.TWO}
    winner, loser = ordinals(host, player, pool=RatingPool.TWO)
    assert winner > loser
    assert Rating.objects.get(user=host).wins == 1
    assert Rating.objects.get(user=player).wins == 0


def test_a_second_delivery_changes_nothing(host: User, player: User, outsider: User) -> None:
    game = finished_table([host, player, outsider], [70, 60, 50])
    assert rate_game(game.pk) == 3
    first = list(Rating.objects.order_by("pk").values())
    assert rate_game(game.pk) == 0
    assert rate_finished_games() == 0
    assert list(Rating.objects.order_by("pk").values()) == first
    assert RatingChange.objects.count() == 3


def test_the_same_seat_is_never_rated_twice_for_one_table(host: User, player: User) -> None:
    game = finished_table([host, player], [70, 60])
    rate_game(game.pk)
    change = RatingChange.objects.first()
    assert change is not None
    change.pk = None
    with pytest.raises(IntegrityError), transaction.atomic():
        change.save()


def test_the_sweep_rates_a_table_whose_message_was_lost(
    host: User, player: User, outsider: User
) -> None:
    finished_table([host, player, outsider], [70, 60, 50])
    unrated = finished_table([host, player], [60, 70], rated=False)
    assert rate_finished_games() == 1
    assert Game.objects.filter(rated_at__isnull=False).count() == 1
    assert not RatingChange.objects.filter(game=unrated).exists()
    assert rate_finished_games() == 0


def test_equal_totals_share_a_rank_and_move_alike(host: User, player: User, outsider: User) -> None:
    game = finished_table([host, player, outsider], [60, 60, 50])
    rate_game(game.pk)
    first, second, third = ordinals(host, player, outsider)
    assert first == pytest.approx(second)
    assert second > third


def test_bots_take_part_with_their_fixed_numbers_and_never_change(
    host: User, player: User, outsider: User, declan: User
) -> None:
    # Aoife beats the hard bot, Ciara beats the random bot: beating the stronger bot is
    # worth more, and no bot has a rating or a change.
    strong = finished_table([host, "hard", player], [70, 60, 50])
    weak = finished_table([outsider, "random", declan], [70, 60, 50])
    rate_game(strong.pk)
    rate_game(weak.pk)
    over_strong = RatingChange.objects.get(seat__user=host)
    over_weak = RatingChange.objects.get(seat__user=outsider)
    assert over_strong.mu_after - over_strong.mu_before > over_weak.mu_after - over_weak.mu_before
    assert RatingChange.objects.filter(seat__user=None).count() == 0
    assert Rating.objects.count() == 4
    assert bot_skill("hard") == (30.0, 1.0)


def test_a_table_with_one_person_and_bots_does_not_count(host: User) -> None:
    game = finished_table([host, "easy", "hard"], [70, 60, 50])
    assert rate_game(game.pk) == 0
    assert not Rating.objects.exists()


def test_a_person_on_vacation_too_often_is_left_out(
    host: User, player: User, outsider: User
) -> None:
    # The autopilot played 4 of Ciara's 12 rounds while she was on vacation (more than a
    # quarter); 3 of Brendan's (exactly a quarter).
    game = finished_table([host, player, outsider], [50, 60, 70], vacation={1: 3, 2: 4})
    assert rate_game(game.pk) == 2
    rated = set(RatingChange.objects.filter(game=game).values_list("seat__user", flat=True))
    assert rated == {host.pk, player.pk}
    assert not Rating.objects.filter(user=outsider).exists()
    # The others were still rated against her seat: Aoife lost to it and to Brendan.
    assert Rating.objects.get(user=host).mu < START_MU


def test_deleting_an_account_keeps_the_other_players_history(
    host: User, player: User, outsider: User
) -> None:
    game = finished_table([host, player, outsider], [70, 60, 50])
    rate_game(game.pk)
    kept = list(RatingChange.objects.exclude(seat__user=host).order_by("pk").values())
    delete_account(host)
    assert list(RatingChange.objects.exclude(seat__user=None).order_by("pk").values()) == kept
    assert ordinals(player, outsider) == [kept[0]["ordinal_after"], kept[1]["ordinal_after"]]
    # The former player's change stays with the table's history.
    assert RatingChange.objects.filter(game=game, seat__user=None).count() == 1
