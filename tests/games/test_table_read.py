"""The table every game request reads (games.access.read_table, statements written once) is the
one the ORM reads: the game, each seat in order, each person with their profile or without."""

from __future__ import annotations

import weakref

import pytest
from django.contrib.auth.models import User
from django.db.models import Model

from games import services
from games.access import read_table, table_for
from games.models import Game, GameStatus, RoundTime
from games.waiting import tables_waiting_count
from tests.factories import UserFactory
from tests.fixtures.collector import collector_off


def _fields(instance: Model) -> dict[str, object]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def table(host: User) -> Game:
    """Host, a bot, then a person without a profile (as a ``createsuperuser`` account)."""
    game = services.create_game(
        host, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False,
        bots=["easy"],
    )  # fmt: skip
    return services.join_game(game.pk, UserFactory.create(username="Noprofile", profile=None))


def test_it_reads_the_game_and_its_seats_as_the_orm_does(table: Game) -> None:
    found = read_table(table.pk)
    assert found is not None
    game, seats, waiting = found
    assert waiting is None  # not asked for
    assert _fields(game) == _fields(Game.objects.get(pk=table.pk))
    orm = list(table.seats.select_related("user__profile").order_by("position"))
    assert [_fields(s) for s in seats] == [_fields(s) for s in orm]
    assert [s.user and _fields(s.user) for s in seats] == [s.user and _fields(s.user) for s in orm]
    host, host_by_orm = seats[0].user, orm[0].user
    assert host is not None and host_by_orm is not None
    assert _fields(host.profile) == _fields(host_by_orm.profile)


def test_a_seat_its_person_and_their_profile_cost_no_further_query(
    table: Game, host: User, django_assert_num_queries
) -> None:
    with django_assert_num_queries(2):  # the game; its seats with their people and profiles
        access = table_for(host, table.pk)
        names = [s.name for s in access.seats]
        first = access.seats[0].user
        assert first is not None and first.profile.user_id == first.pk
        assert all(s.game is access.game for s in access.seats)
    assert names[2] == "Noprofile" and access.seats[1].user is None
    assert access.mine == access.seats[0]


def test_a_table_read_and_let_go_is_freed_at_once(table: Game, host: User) -> None:
    """No reference cycles: the game, its seats, people and profiles go when the last
    reference does, not when Python's cycle collector comes round (a profile does not point
    back at its person, as ``select_related`` would have it)."""
    access = table_for(host, table.pk)
    person = access.seats[0].user
    assert person is not None
    kept = [weakref.ref(o) for o in (access.game, *access.seats, person, person.profile)]
    with collector_off():
        del access, person
        assert [ref() for ref in kept] == [None] * len(kept)


def test_a_table_that_does_not_exist_reads_as_none(db: None) -> None:
    assert read_table(987654) is None


def test_the_game_s_query_also_counts_the_tables_waiting_when_asked(
    table: Game, host: User, django_assert_num_queries
) -> None:
    """A poll's or a move's answer draws the header's count: read with the table, no third
    query; the same count ``games.waiting`` gives every other page."""
    other = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=True, rated=False,
        bots=["easy"],
    )  # fmt: skip
    assert other.status == GameStatus.PLAYING
    with django_assert_num_queries(2):
        access = table_for(host, table.pk, count_waiting=True)
    assert access.waiting == tables_waiting_count(host) == 2  # this table and the other
    assert table_for(host, table.pk).waiting is None
