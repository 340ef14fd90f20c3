"""The "Play now" page: the form, the queue while waiting (polled), leaving, and the way to
the table once seated. Every refusal is said above the form and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, PlayerCount, QueueEntry, RoundTime
from games.services import matchmaking
from tests.deadlines.conftest import CaptureOnCommit

JOIN = {"players": "any", "round_minutes": "2", "bots_after": "60"}
HTMX = {"HX-Request": "true", "HX-Target": "queue"}


def test_lobby_and_your_games_offer_play_now(client: Client, host: User) -> None:
    client.force_login(host)
    for page in ("/games/", "/games/mine/"):
        assert 'href="/games/play-now/">Play now</a>' in client.get(page).content.decode()


def test_it_offers_every_count_and_speed_live_first(
    client: Client, host: User, django_assert_num_queries: Any
) -> None:
    client.force_login(host)
    # 1. session; 2. user; 3. the person's wait (none); 4. a table just matched (none);
    # 5. tables waiting for the header
    with django_assert_num_queries(5):
        html = client.get("/games/play-now/").content.decode()
    assert '<optgroup label="Live: everyone plays at one sitting">' in html
    for minutes in RoundTime.values:
        assert f'<option value="{minutes}"' in html
    for count in PlayerCount.values:
        assert f'value="{count}"' in html


def test_joining_shows_the_queue_and_how_many_wait(
    client: Client, host: User, player: User, django_assert_num_queries: Any
) -> None:
    matchmaking.join_queue(player, players="2", round_minutes=5, bots_after=None)
    client.force_login(host)
    response = client.post("/games/play-now/join/", JOIN)
    assert response.status_code == 302 and response["Location"] == "/games/play-now/"

    # 1. session; 2. user; 3. the wait; 4. the counts of the queue; 5. header
    with django_assert_num_queries(5):
        html = client.get("/games/play-now/").content.decode()
    assert "You are the only one waiting for a table at 2 minutes a round so far" in html
    assert "2 in the queue at all speeds" in html
    assert 'id="leave-queue"' in html and 'hx-trigger="every 2s"' in html
    assert 'href="/games/play-now/">Check again</a>' in html  # the way without JavaScript

    # The poll: only the queue's part. 1. session; 2. user; 3. the wait; 4. the counts
    with django_assert_num_queries(4):
        part = client.get("/games/play-now/", headers=HTMX).content.decode()
    assert part.strip().startswith('<section id="queue"') and "<html" not in part


@pytest.mark.parametrize(
    "form, error",
    [({**JOIN, "round_minutes": "7"}, "Choose one of the round times offered."),
     ({**JOIN, "players": "6"}, "Choose 2 players, 3 to 5 players, or any number."),
     ({**JOIN, "bots_after": "45"}, "Choose one of the waits offered.")],
)  # fmt: skip
def test_bad_input_is_refused_where_the_player_looks_and_changes_nothing(
    client: Client, host: User, form: dict[str, str], error: str
) -> None:
    client.force_login(host)
    response = client.post("/games/play-now/join/", form)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not QueueEntry.objects.exists()


def test_a_second_join_is_refused_and_keeps_the_first(client: Client, host: User) -> None:
    client.force_login(host)
    client.post("/games/play-now/join/", JOIN)
    response = client.post("/games/play-now/join/", {**JOIN, "round_minutes": "1440"})
    assert response.status_code == 400
    assert "You are already waiting for a table" in response.content.decode()
    assert list(QueueEntry.objects.values_list("round_minutes", flat=True)) == [2]


def test_leaving_is_one_click_and_a_second_click_is_told_so(client: Client, host: User) -> None:
    client.force_login(host)
    client.post("/games/play-now/join/", JOIN)
    response = client.post("/games/play-now/leave/", follow=True)
    assert "You left the queue." in response.content.decode()
    assert not QueueEntry.objects.exists()
    response = client.post("/games/play-now/leave/", follow=True)
    assert "You are not waiting for a table" in response.content.decode()


def test_once_seated_the_page_and_its_poll_lead_to_the_table(
    client: Client, host: User, player: User, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    client.force_login(host)
    client.post("/games/play-now/join/", JOIN)
    with django_capture_on_commit_callbacks(execute=True):
        matchmaking.join_queue(player, players="2", round_minutes=2, bots_after=None)
    game = Game.objects.get()

    poll = client.get("/games/play-now/", headers=HTMX)
    assert poll["HX-Redirect"] == f"/games/{game.pk}/"
    response = client.get("/games/play-now/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"


def test_a_person_waiting_may_start_at_once_with_bots_of_their_level(
    client: Client, host: User
) -> None:
    client.force_login(host)
    client.post("/games/play-now/join/", {**JOIN, "players": "3-5"})
    response = client.post("/games/play-now/with-bots/")
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert [seat.bot for seat in game.seats.order_by("position")] == ["", "medium", "medium"]
    assert game.round_minutes == 2 and game.status == "playing"

    response = client.post("/games/play-now/with-bots/", follow=True)  # a second click
    assert "You are not waiting for a table" in response.content.decode()
    assert Game.objects.count() == 1
