"""The lobby's create form: each seat after the host's is a person or a bot of its own level."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, GameStatus, SeatKind

TABLE = {"round_minutes": "1440", "is_open": "1", "rated": "on", "allow_vacation": "on"}


def _seats(game: Game) -> list[tuple[str, str]]:
    return list(game.seats.order_by("position").values_list("kind", "bot"))


def test_it_seats_bots_of_different_levels_at_one_table(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/", {**TABLE, "seats_wanted": "3", "bot_1": "easy", "bot_2": "expert"}
    )
    game = Game.objects.get()
    assert response.status_code == 302 and game.status == GameStatus.PLAYING
    assert _seats(game) == [(SeatKind.PERSON, ""), (SeatKind.BOT, "easy"), (SeatKind.BOT, "expert")]


def test_a_seat_left_to_a_person_between_bots_waits_for_someone_after_them(
    client: Client, host: User
) -> None:
    client.force_login(host)
    client.post("/games/new/", {**TABLE, "seats_wanted": "4", "bot_1": "hard", "bot_3": "medium"})
    game = Game.objects.get()
    assert game.status == GameStatus.FORMING
    assert _seats(game) == [(SeatKind.PERSON, ""), (SeatKind.BOT, "hard"), (SeatKind.BOT, "medium")]


def test_it_refuses_a_bot_in_a_seat_the_table_does_not_have_and_says_which(
    client: Client, host: User
) -> None:
    client.force_login(host)
    response = client.post("/games/new/", {**TABLE, "seats_wanted": "2", "bot_3": "easy"})
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        "A table of 2 players has no seat 4: choose more players, or leave seat 4 to a person."
        in html
    )
    assert '<option value="easy" selected>Easy bot</option>' in html  # the choice is kept
    assert not Game.objects.exists()


def test_it_refuses_a_level_that_does_not_exist(client: Client, host: User) -> None:
    client.force_login(host)
    response = client.post("/games/new/", {**TABLE, "seats_wanted": "3", "bot_1": "grandmaster"})
    assert response.status_code == 400
    assert "Choose a person or one of the four bots." in response.content.decode()
    assert not Game.objects.exists()


def test_every_description_the_form_points_to_exists(client: Client, host: User) -> None:
    client.force_login(host)
    html = client.get("/games/").content.decode()
    described = re.findall(r'aria-describedby="([^"]+)"', html)
    assert described
    for ids in described:
        for target in ids.split():
            assert f'id="{target}"' in html, target


def test_a_table_the_bots_fill_opens_without_a_flash_that_would_stay_all_game(
    client: Client, host: User
) -> None:
    client.force_login(host)
    response = client.post(
        "/games/new/", {**TABLE, "seats_wanted": "2", "bot_1": "medium"}, follow=True
    )
    assert response.status_code == 200
    assert "Good luck" not in response.content.decode()
    assert 'class="message' not in response.content.decode()


def test_each_seat_beyond_the_second_says_at_which_table_sizes_it_counts(
    client: Client, host: User
) -> None:
    client.force_login(host)
    html = client.get("/games/").content.decode()
    said = re.findall(r'id="id_bot_(\d)_helptext">([^<]+)<', html)
    assert [words for _, words in said] == [
        "Only at a table of 3 or more players.",
        "Only at a table of 4 or more players.",
        "Only at a table of 5 players.",
    ]
    assert [position for position, _ in said] == ["2", "3", "4"]  # every table has a seat 2
    select = re.search(r'<select name="bot_2"[^>]*>', html)
    assert select and 'aria-describedby="id_bot_2_helptext"' in select.group(0)
    # The script hides the seats a table lacks: each seat's box says which seat it is.
    assert re.findall(r'data-seat="(\d)"', html) == ["2", "3", "4", "5"]
