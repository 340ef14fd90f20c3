"""After a rated table, each person reads what it did to their rating, on the final page and in
the "table is over" mail: "Rating 1000 → 1081 (+81, provisional: 1 of 5 games)"."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import time_machine
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from games.models import Game
from games.models.outbox import Kind, OutboxMessage
from games.models.ratings import RatingPool
from games.notifications.compose import render_mail
from games.ratings.rate import rate_game
from tests.ratings.tables import finished_table, line_of, rated

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def test_each_player_reads_their_own_new_rating_on_the_final_page(
    client: Client, host: User, player: User, finished: Game
) -> None:
    rate_game(finished.pk)
    for person, other in ((host, player), (player, host)):
        client.force_login(person)
        page = text(client.get(f"/games/{finished.pk}/").content.decode())
        assert f"{line_of(finished, person)}, provisional: 1 of 5 games)" in page
        assert f"{other.username}: Rating" not in page  # the others' are on the leaderboard


def test_a_spectator_reads_every_players_new_rating(
    client: Client, host: User, player: User, outsider: User, finished: Game
) -> None:
    rate_game(finished.pk)
    client.force_login(outsider)
    page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert f"Aoife: {line_of(finished, host)}, provisional: 1 of 5 games)" in page
    assert f"Brendan: {line_of(finished, player)}, provisional: 1 of 5 games)" in page


def test_the_fifth_rated_table_brings_the_player_onto_the_leaderboard(
    client: Client, host: User, player: User, finished: Game
) -> None:
    rated(host, RatingPool.TWO, 25.0, sigma=4.0, games=4)
    rated(player, RatingPool.TWO, 25.0, sigma=2.0, games=9)
    rate_game(finished.pk)
    client.force_login(host)
    page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert f"{line_of(finished, host)}, 5 rated games: now on the leaderboard)" in page
    client.force_login(player)
    page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert f"{line_of(finished, player)})" in page  # settled long ago: nothing more to say


def test_an_older_table_shows_the_count_as_it_was_then(
    client: Client, host: User, player: User, finished: Game
) -> None:
    rate_game(finished.pk)
    later = finished_table([host, player], [60, 50])
    rate_game(later.pk)
    client.force_login(host)
    page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert f"{line_of(finished, host)}, provisional: 1 of 5 games)" in page


def test_the_page_says_the_rating_is_on_its_way_until_the_table_is_rated(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert "The ratings are being updated for this table" in page
    assert "Rating 1000 →" not in page


def test_a_final_page_drawn_before_the_ratings_is_drawn_again_once_they_are_in(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    with time_machine.travel(NOW, tick=False):  # one minute: the page is kept, not redrawn
        assert "being updated" in client.get(f"/games/{finished.pk}/").content.decode()
        rate_game(finished.pk)
        page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert f"{line_of(finished, host)}, provisional: 1 of 5 games)" in page


def test_an_unrated_table_says_nothing_of_a_new_rating(
    client: Client, host: User, finished: Game
) -> None:
    Game.objects.filter(pk=finished.pk).update(rated=False)
    client.force_login(host)
    page = text(client.get(f"/games/{finished.pk}/").content.decode())
    assert "Rating 1000" not in page and "being updated" not in page


def test_the_final_page_reads_the_ratings_in_one_query(
    client: Client, host: User, finished: Game, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    rate_game(finished.pk)
    client.force_login(host)
    # session, user, the viewer's seat and token with the tables waiting (header count), game,
    # seats with users and profiles, who the ratings leave out (vacation rounds), the table's
    # rating changes with each person's count of rated games, the rematch (no talk at the
    # table: no messages read)
    with django_assert_num_queries(8):
        client.get(f"/games/{finished.pk}/")


def mail_to(user: User, game: Game) -> tuple[str, str, str]:
    row = OutboxMessage.objects.get(user=user, kind=Kind.FINISHED, game=game)  # as it was queued
    seat = game.seats.get(user=user)
    message = render_mail(row, seat, f"{user.username.lower()}@example.com", NOW)
    html = str(message.alternatives[0][0])
    return str(message.subject), str(message.body), text(html)


def test_the_table_is_over_mail_gives_the_new_rating(
    host: User, player: User, finished: Game
) -> None:
    rate_game(finished.pk)
    for person in (host, player):
        _, body, html = mail_to(person, finished)
        line = f"For tables of 2 players: {line_of(finished, person)}, provisional: 1 of 5 games)."
        assert line in body and line in html


def test_a_mail_sent_before_the_table_is_rated_says_where_the_rating_will_show(
    host: User, finished: Game
) -> None:
    _, body, html = mail_to(host, finished)
    said = "Your new rating shows on the final page as soon as the table is rated."
    assert said in body and said in html
    assert "Rating 1000 →" not in body


def test_the_mail_gives_the_rank_as_an_ordinal(host: User, player: User, finished: Game) -> None:
    loser = finished.seats.exclude(rank=1).first()
    assert loser is not None and loser.user is not None
    subject, body, html = mail_to(loser.user, finished)
    assert "you placed 2nd of 2 with" in subject
    assert "You placed 2nd of 2 with" in body and "You placed 2nd of 2 with" in html


BOARD = "/leaderboard/"


def board_of(client: Client, tab: str = "two") -> str:
    """The leaderboard's board, without the header (which names the viewer too)."""
    html = client.get(BOARD, {"tab": tab}).content.decode()
    return html[html.index('<section class="panel board"') :]


def test_the_leaderboard_pins_a_provisional_players_own_row(
    client: Client, host: User, player: User
) -> None:
    rated(host, RatingPool.TWO, 25.0, sigma=6.0, games=2)
    rated(player, RatingPool.TWO, 25.0, sigma=6.0, games=1)
    client.force_login(host)
    page = text(board_of(client))
    assert "Nobody has played 5 rated tables of 2 players yet: your own rating is below" in page
    assert "Aoife (you) Provisional: 3 more rated tables to enter the ranking 1175 ± 150" in page
    assert "Brendan" not in page  # another provisional rating stays off the board
    multi = text(board_of(client, "multi"))
    assert "Nobody has played 5 rated tables of 3–5 players yet." in multi
    assert "(you)" not in multi


def test_the_provisional_row_sits_below_the_ranking_without_a_rank(
    client: Client, host: User, player: User, outsider: User
) -> None:
    rated(player, RatingPool.MULTI, 30.0, games=7)
    rated(outsider, RatingPool.MULTI, 28.0, games=5)
    rated(host, RatingPool.MULTI, 35.0, sigma=4.0, games=4)
    client.force_login(host)
    html = board_of(client, "multi")
    ranked = html[: html.index('<tbody class="mine">')]
    assert "Brendan" in ranked and "Ciara" in ranked and "Aoife" not in ranked
    mine = text(html[html.index('<tbody class="mine">') :])
    assert mine.startswith("⋯ – (not ranked yet) Aoife (you) Provisional: 1 more rated table ")


def test_a_provisional_viewer_costs_one_query_more(
    client: Client, host: User, player: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    rated(player, RatingPool.TWO, 30.0, games=7)
    rated(host, RatingPool.TWO, 25.0, games=3)
    client.force_login(host)
    # session, the viewer, the top of the pool, the viewer's own rating (not in the top), the
    # finished tables counted per person, the tables waiting for the viewer (the header); no
    # count of those ranked above a row that has no rank
    with django_assert_num_queries(6):
        client.get(BOARD)
