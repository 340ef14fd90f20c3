"""The poll token read with plain SQL says what the ORM would: the benchmark that keeps the SQL
(tests.bench.bench_overrides) compares it with an ORM version that must agree."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games import services
from games.models import Game
from games.page.live import current_token
from tests.bench import plain


def test_the_sql_and_the_orm_give_every_viewer_the_same_token_and_count(
    host: User, player: User, outsider: User, started: Game, django_assert_num_queries: Any
) -> None:
    private = services.create_game(
        host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True
    )
    services.invite_player(private.pk, host, outsider.profile.display_name)
    for viewer in (host, player, outsider):
        for waiting in (False, True):
            with django_assert_num_queries(1):
                orm = plain.current_token(started.pk, viewer.pk, waiting=waiting)
            assert current_token(started.pk, viewer.pk, waiting=waiting) == orm
    assert orm.waiting == 1  # the outsider's invitation
    assert plain.current_token(started.pk + 1000, host.pk) is None
    assert current_token(started.pk + 1000, host.pk) is None
