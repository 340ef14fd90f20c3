"""The archive of finished tables: newest first, 25 a page, filters, invite-only kept private."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, GameStatus, RoundTime, Seat, SeatKind

DAY = datetime(2026, 11, 1, 12, tzinfo=UTC)


def _finished(
    people: list[User], totals: list[int], *, days: int = 0, is_open: bool = True, bot: bool = False
) -> Game:
    """A finished table of ``people`` (and a bot), with these totals in seat order."""
    game = Game.objects.create(
        host=people[0], status=GameStatus.FINISHED, is_open=is_open, seats_wanted=len(totals),
        round_minutes=RoundTime.TWO_DAYS, round=12, finished_at=DAY + timedelta(days=days),
    )  # fmt: skip
    ranking = sorted(totals, reverse=True)
    for position, total in enumerate(totals):
        is_bot = bot and position == len(totals) - 1
        Seat.objects.create(
            game=game, position=position, user=None if is_bot else people[position],
            kind=SeatKind.BOT if is_bot else SeatKind.PERSON, bot="easy" if is_bot else "",
            rank=ranking.index(total) + 1, score={"total": total},
        )  # fmt: skip
    return game


def _tables(html: str) -> list[str]:
    return re.findall(r"<strong>(Table \d+)</strong>", html)


def test_it_lists_finished_tables_newest_first_with_ranks_and_totals(
    client: Client, host: User, player: User, outsider: User, django_assert_num_queries: Any
) -> None:
    old = _finished([host, player], [40, 52], days=1)
    new = _finished([outsider, host, player], [61, 61, 30], days=5, bot=True)
    client.force_login(host)
    # session, user (with their time zone), the count, the header count, the page of tables,
    # their seats with names
    with django_assert_num_queries(6):
        html = client.get("/games/finished/").content.decode()
    assert _tables(html) == [str(new), str(old)]
    row = html[html.index(f"<strong>{new}</strong>") : html.index(f"<strong>{old}</strong>")]
    assert row.count("Winner: </span>") == 2  # a shared win
    assert '<a class="player" href="/players/Ciara/">Ciara</a>' in row
    assert "1st, 61 points" in row and "3rd, 30 points" in row
    assert "Easy bot 3" in row and "2 days per round" in row and "3 players" in row
    assert f'href="/games/{new.pk}/replay/"' in row


def test_invite_only_tables_are_listed_to_their_players_only(
    client: Client, host: User, player: User, outsider: User
) -> None:
    private = _finished([host, player], [40, 52], is_open=False)
    client.force_login(outsider)
    assert str(private) not in client.get("/games/finished/").content.decode()
    client.force_login(player)
    assert _tables(client.get("/games/finished/").content.decode()) == [str(private)]


def test_it_filters_by_player_count_by_me_and_by_a_players_name(
    client: Client, host: User, player: User, outsider: User
) -> None:
    two = _finished([host, player], [40, 52])
    three = _finished([host, player, outsider], [40, 52, 10])
    others = _finished([player, outsider], [3, 4])
    client.force_login(host)
    assert _tables(client.get("/games/finished/?players=3").content.decode()) == [str(three)]
    mine = client.get("/games/finished/?mine=on").content.decode()
    assert sorted(_tables(mine)) == sorted([str(two), str(three)])
    named = client.get("/games/finished/?player=ciara").content.decode()
    assert sorted(_tables(named)) == sorted([str(three), str(others)])
    both = client.get("/games/finished/?player=Ciara&mine=on&players=3").content.decode()
    assert _tables(both) == [str(three)]


def test_it_shows_25_a_page_and_keeps_the_filters_across_pages(
    client: Client, host: User, player: User
) -> None:
    games = [_finished([host, player], [40, 52], days=n) for n in range(27)]
    client.force_login(host)
    first = client.get("/games/finished/?players=2").content.decode()
    assert len(_tables(first)) == 25 and _tables(first)[0] == str(games[-1])
    assert 'href="?players=2&amp;page=2"' in first
    second = client.get("/games/finished/?players=2&page=2").content.decode()
    assert _tables(second) == [str(games[1]), str(games[0])]


@pytest.mark.parametrize("query", ["?players=7", "?player=" + "x" * 31])
def test_filters_it_cannot_read_are_refused_clearly(client: Client, host: User, query: str) -> None:
    client.force_login(host)
    response = client.get("/games/finished/" + query)
    assert response.status_code == 400
    assert "Those filters were not understood" in response.content.decode()


def test_it_is_reached_from_the_header_and_from_your_games(
    client: Client, host: User, player: User
) -> None:
    _finished([host, player], [40, 52])
    client.force_login(host)
    assert 'href="/games/finished/">Finished</a>' in client.get("/games/mine/").content.decode()
    assert 'href="/games/finished/?mine=on"' in client.get("/games/mine/").content.decode()
