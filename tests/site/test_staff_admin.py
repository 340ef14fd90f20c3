"""Staff look at tables, seats, the log and the outbox; they may only send a mail again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from games import services
from games.models import Game
from games.models.outbox import Kind, OutboxMessage, Status
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(
        UserFactory.create(
            username="Orla", email="orla@example.com", is_staff=True, is_superuser=True
        )
    )
    return client


@pytest.fixture
def table(host: User, player: User) -> Game:
    game = services.create_game(host, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    return services.join_game(game.pk, player)


@pytest.mark.parametrize(
    ("page", "queries"),
    [
        # Each: session; user; COUNT; the page of rows (their game and user joined). The lists
        # with dates add the first and last date, and the days between for the date links.
        ("/admin/games/game/", 6),
        ("/admin/games/seat/", 4),
        ("/admin/games/action/", 4),
        ("/admin/games/outboxmessage/", 6),
        ("/admin/games/heartbeat/", 4),
    ],
)
def test_staff_see_each_list_in_a_fixed_number_of_queries(
    staff_client: Client, table: Game, page: str, queries: int,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:  # fmt: skip
    with django_assert_num_queries(queries):
        response = staff_client.get(page)
    assert response.status_code == 200


def test_a_stuck_table_shows_its_seats_read_only(staff_client: Client, table: Game) -> None:
    response = staff_client.get(f"/admin/games/game/{table.pk}/change/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Aoife" in page and "Brendan" in page
    assert f'/admin/games/action/?q={table.pk}">0 entries</a>' in page
    assert '"bag"' not in page, "the log, not the cached state's JSON"
    assert 'name="_save"' not in page, "no save button: games change only through play"
    posted = staff_client.post(f"/admin/games/game/{table.pk}/change/", {"round": "7"})
    assert posted.status_code == 403
    table.refresh_from_db()
    assert table.round == 1
    assert staff_client.get("/admin/games/action/add/").status_code == 403
    assert staff_client.post(f"/admin/games/game/{table.pk}/delete/").status_code == 403


def test_retry_now_sends_failed_mail_again_and_never_sent_mail(
    staff_client: Client, table: Game
) -> None:
    failed, sent = OutboxMessage.objects.filter(kind=Kind.STARTED).order_by("pk")
    later = timezone.now() + timedelta(hours=3)
    OutboxMessage.objects.filter(pk=failed.pk).update(status=Status.FAILED, due_at=later)
    OutboxMessage.objects.filter(pk=sent.pk).update(status=Status.SENT)

    response = staff_client.post(
        "/admin/games/outboxmessage/",
        {"action": "send_again_now", "_selected_action": [failed.pk, sent.pk]},
        follow=True,
    )
    assert "1 of 2 mail(s) will be sent within a minute" in response.content.decode()
    failed.refresh_from_db()
    sent.refresh_from_db()
    assert failed.status == Status.PENDING and failed.due_at <= timezone.now()
    assert sent.status == Status.SENT


def test_players_are_kept_out(client: Client, player: User) -> None:
    client.force_login(player)
    assert client.get("/admin/games/outboxmessage/").status_code == 302
