"""The replay page: each step of each round as it stood, with hidden turns kept hidden."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Action, ActionSource, Game, Invitation, Seat
from tests.games.playing import finish_turns, play_round, play_to_end


@pytest.fixture
def finished(started: Game) -> Game:
    return play_to_end(started, random.Random(31))


def _county(html: str, name: str) -> str:
    """The markup of ``name``'s county on the page."""
    match = re.search(rf'aria-label="{name}’s county".*?</div>\n</div>', html, re.S)
    assert match is not None, f"no county of {name}"
    return match.group(0)


def test_it_shows_every_county_as_it_stood_at_each_round(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    early = client.get(f"/games/{finished.pk}/replay/?round=3").content.decode()
    late = client.get(f"/games/{finished.pk}/replay/?round=12").content.decode()
    for name in ("Aoife", "Brendan"):
        assert _county(early, name) != _county(late, name)
    assert "Round 3 of 12" in early and "Round 12 of 12" in late


def test_each_step_shows_its_move_and_rings_what_it_placed(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    html = client.get(f"/games/{finished.pk}/replay/?round=2&step=1").content.decode()
    first = Action.objects.filter(game=finished, round=2).order_by("seq").first()
    assert first is not None and first.seat is not None
    mover = ["Aoife", "Brendan"][first.seat]
    assert re.search(rf'id="replay-move" role="status">\s*{mover} places a tile of', html)
    ringed = re.compile(r'class="cell [^"]*\btarget\b')
    assert ringed.search(_county(html, mover))
    assert not ringed.search(_county(html, ["Brendan", "Aoife"][first.seat]))
    here = f"/games/{finished.pk}/replay/"
    assert f'id="replay-prev" rel="prev" href="{here}?round=2&amp;step=0"' in html
    assert f'id="replay-next" rel="next" href="{here}?round=2&amp;step=2"' in html


def test_the_scores_say_who_the_autopilot_played_then_not_who_is_away_now(
    client: Client, host: User, started: Game
) -> None:
    game = play_round(play_round(started, random.Random(6)), random.Random(7))
    Action.objects.filter(game=game, seat=1, round=2).update(source=ActionSource.AUTOPILOT)
    Seat.objects.filter(game=game, position=1).update(absent=True, autopilot_streak=2)
    client.force_login(host)
    rows = re.compile(r'<th scope="row">.*?</tr>', re.S)

    def brendan(query: str) -> str:
        html = client.get(f"/games/{game.pk}/replay/{query}").content.decode()
        return next(row for row in rows.findall(html) if "Brendan" in row)

    for query in ("?round=1", "?round=2", "?round=2&step=0"):
        row = brendan(query)
        assert "absent" not in row and "last round played by autopilot" not in row
    assert '<span class="done">done</span>' in brendan("?round=1")
    assert '<span class="done">played by autopilot</span>' in brendan("?round=2")
    assert '<span class="waiting">playing</span>' in brendan("?round=2&step=0")
    live = client.get(f"/games/{game.pk}/").content.decode()
    assert '<span class="badge away">absent</span>' in live


def test_the_step_after_a_round_is_the_next_round_dealt(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    html = client.get(f"/games/{finished.pk}/replay/?round=4").content.decode()
    assert (
        f'id="replay-next" rel="next" href="/games/{finished.pk}/replay/?round=5&amp;step=0"'
        in html
    )
    dealt = client.get(f"/games/{finished.pk}/replay/?round=5&step=0").content.decode()
    assert "Round 5 as it was dealt, after the sheep phase of round 4." in dealt


def test_the_query_count_does_not_grow_with_the_rounds(
    client: Client, host: User, finished: Game, django_assert_num_queries: Any
) -> None:
    client.force_login(host)
    for round_ in (1, 12):
        # session, user, game, seats with users and profiles, the log, the header count,
        # the expert's verdict on the player's move shown (none yet: this game has no review)
        with django_assert_num_queries(7):
            response = client.get(f"/games/{finished.pk}/replay/?round={round_}&step=1")
        assert response.status_code == 200


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?round=13", "Round 13 has not been played: this game has rounds 1 to 12."),
        ("?round=2&step=99", "Round 2 has steps 0 to"),
        ("?round=two", "That place in the replay was not understood"),
        ("?round=1&step=-1", "That place in the replay was not understood"),
    ],
)
def test_a_place_the_game_does_not_have_is_refused_clearly(
    client: Client, host: User, finished: Game, query: str, message: str
) -> None:
    client.force_login(host)
    response = client.get(f"/games/{finished.pk}/replay/{query}")
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_round_in_play_shows_only_the_viewers_own_moves(
    client: Client, host: User, player: User, started: Game
) -> None:
    game = play_round(started, random.Random(5))
    game = finish_turns(game, random.Random(6), skip=(1,))  # Aoife has played round 2
    client.force_login(player)
    html = client.get(f"/games/{game.pk}/replay/?round=2").content.decode()
    assert "step 0 of 0" in html and "you see only your own moves" in html
    assert "Aoife places" not in html
    dealt = client.get(f"/games/{game.pk}/replay/?round=2&step=0").content.decode()
    assert _county(html, "Aoife") == _county(dealt, "Aoife")
    client.force_login(host)
    mine = client.get(f"/games/{game.pk}/replay/?round=2").content.decode()
    assert "Aoife places" in mine and "Brendan places" not in mine


def test_an_invite_only_table_is_replayed_for_its_players_only(
    client: Client, outsider: User, finished: Game
) -> None:
    Game.objects.filter(pk=finished.pk).update(is_open=False)
    client.force_login(outsider)
    assert client.get(f"/games/{finished.pk}/replay/").status_code == 404


def test_a_forming_table_has_no_replay(client: Client, host: User, forming: Game) -> None:
    client.force_login(host)
    assert client.get(f"/games/{forming.pk}/replay/").status_code == 404


def test_the_finished_game_page_offers_the_replay_beside_the_winner(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    html = client.get(f"/games/{finished.pk}/").content.decode()
    banner = html.index('class="winner-banner"')
    button = html.index(
        f'id="replay-button" href="/games/{finished.pk}/replay/?round=1&amp;step=0"'
    )
    assert 0 < button - banner < 1000


def test_the_last_step_is_the_end_with_the_final_scores(
    client: Client, host: User, finished: Game
) -> None:
    client.force_login(host)
    html = client.get(f"/games/{finished.pk}/replay/?round=12").content.decode()
    assert re.search(r'id="replay-move" role="status">[^<]*The game is over\.', html)
    assert 'id="replay-next"' not in html
    for seat in finished.seats.all():
        assert seat.score is not None
        total = seat.score["total"]
        name = rf'<a class="player" href="/players/{seat.name}/">{seat.name}</a>'
        assert re.search(rf'{name}(?: \(you\))? <span class="muted">· {total} points', html)


def test_someone_only_invited_to_an_invite_only_table_cannot_replay_it(
    client: Client, outsider: User, finished: Game
) -> None:
    Game.objects.filter(pk=finished.pk).update(is_open=False)
    Invitation.objects.create(game=finished, invitee=outsider)
    client.force_login(outsider)
    for page in ("replay/", "history/", "export.json"):
        assert client.get(f"/games/{finished.pk}/{page}").status_code == 404


def test_a_spectator_sees_the_round_in_play_as_it_was_dealt(
    client: Client, outsider: User, started: Game
) -> None:
    game = finish_turns(started, random.Random(7), skip=(1,))
    client.force_login(outsider)
    html = client.get(f"/games/{game.pk}/replay/").content.decode()
    assert "Round 1 of 12 · step 0 of 0" in html and "its moves are shown once it ends" in html
    assert "places a tile" not in html
