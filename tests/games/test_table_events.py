"""A table's event stream, from the stream process (uvicorn) on the test database.

A viewer's stream says only that what *they* may see changed, with the same opaque token as
the poll: another seat's hidden move sends them nothing (R4.2); the mover's own stream hears
of it. Outsiders get no stream; a log-out or a lost invitation ends it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.access import table_for
from games.engine_bridge import load_state
from games.models import Game, RoundTime
from games.page.live import token_for
from games.services import chat
from tests.fixtures.streams import Event, EventReader, StreamServer
from tests.games.playing import any_legal_action, move_with_a_follow_up, step_of, table_of

pytestmark = pytest.mark.timeout(60)


def _session(user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def _token(user: User, game: Game) -> str:
    return str(token_for(Game.objects.get(pk=game.pk), table_for(user, game.pk).mine))


@pytest.fixture
def readers() -> Iterator[list[EventReader]]:
    opened: list[EventReader] = []
    yield opened
    for reader in opened:
        reader.close()


def _open(server: StreamServer, readers: list[EventReader], user: User, game: Game) -> EventReader:
    """A stream of ``game`` for ``user``, from the token of the page they would see now."""
    reader = EventReader(
        server.port, f"/games/{game.pk}/events/?t={_token(user, game)}", _session(user)
    )
    readers.append(reader)
    return reader


def _changes(events: list[Event]) -> list[str]:
    return [event.data for event in events if event.name == "changed"]


#: A deal whose first offer has a tile that leaves seat 0 a follow-up (about one random deal
#: in eight has none).
FOLLOW_UP_DEAL = 1


def test_a_neighbours_hidden_move_sends_the_others_nothing(
    stream_server: StreamServer, readers: list[EventReader], host: User, player: User,
    outsider: User,
) -> None:  # fmt: skip
    game = table_of(host, player, seed=FOLLOW_UP_DEAL)
    mover = _open(stream_server, readers, host, game)
    neighbour = _open(stream_server, readers, player, game)
    spectator = _open(stream_server, readers, outsider, game)
    for reader in (mover, neighbour, spectator):
        assert reader.status == 200
        assert reader.headers["content-type"].startswith("text/event-stream")
        reader.until("here")  # open, and nothing changed since their page was drawn

    # A tile that leaves a follow-up: the mover's own stream hears of it at once ...
    half = str(move_with_a_follow_up(load_state(Game.objects.get(pk=game.pk)), 0))
    services.submit_action(game.pk, host, half, step_of(game, host))
    assert _changes(mover.until("changed")) == [_token(host, game)]
    # ... then the turn is finished, which everyone may see (the host is done) ...
    rng = random.Random(3)
    while (notation := _next_action(game, 0, rng)) is not None:
        services.submit_action(game.pk, host, notation, step_of(game, host))
        mover.until("changed")
    done = {user.pk: _token(user, game) for user in (player, outsider)}
    # ... and a table message afterwards marks the end of what there was to hear.
    chat.post_message(game.pk, player, "Your go, Aoife")
    after = {user.pk: _token(user, game) for user in (player, outsider)}
    for reader, user in ((neighbour, player), (spectator, outsider)):
        # The half move sent nothing; the finished turn and the message one token each.
        heard = reader.until("changed") + reader.until("changed")
        assert _changes(heard) == [done[user.pk], after[user.pk]]
        assert {event.name for event in heard} <= {"changed", "here", ""}


def _next_action(game: Game, position: int, rng: random.Random) -> str | None:
    return any_legal_action(load_state(Game.objects.get(pk=game.pk)), position, rng)


def test_an_outsider_gets_no_stream_of_an_invite_only_table(
    stream_server: StreamServer, readers: list[EventReader], host: User, player: User,
    outsider: User,
) -> None:  # fmt: skip
    game = services.create_game(
        host, seats_wanted=2, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False
    )
    services.invite_player(game.pk, host, player.profile.display_name)
    services.join_game(game.pk, player)
    refused = EventReader(stream_server.port, f"/games/{game.pk}/events/", _session(outsider))
    readers.append(refused)
    assert refused.status == 404
    missing = EventReader(stream_server.port, "/games/999999/events/", _session(host))
    readers.append(missing)
    assert missing.status == 404
    anonymous = EventReader(stream_server.port, f"/games/{game.pk}/events/", "no-such-session")
    readers.append(anonymous)
    assert anonymous.status == 403


def test_the_web_server_never_holds_a_stream(client: Client, host: User, player: User) -> None:
    game = table_of(host, player)
    client.force_login(host)
    response = client.get(f"/games/{game.pk}/events/")
    assert response.status_code == 404
    assert b"stream process" in response.content


def test_a_log_out_ends_the_stream(
    stream_server: StreamServer, readers: list[EventReader], host: User, player: User
) -> None:
    game = table_of(host, player)
    client = Client()
    client.force_login(player)
    reader = EventReader(
        stream_server.port, f"/games/{game.pk}/events/", client.cookies["sessionid"].value
    )
    readers.append(reader)
    reader.until("here")
    client.post("/accounts/logout/")
    assert reader.until("gone")[-1] == Event("gone", "logged-out")
    assert reader.next() is None  # and the stream ends


def test_a_withdrawn_invitation_ends_the_invitees_stream(
    stream_server: StreamServer, readers: list[EventReader], host: User, outsider: User
) -> None:
    game = services.create_game(
        host, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=False
    )
    invitation = services.invite_player(game.pk, host, outsider.profile.display_name)
    reader = _open(stream_server, readers, outsider, game)
    reader.until("here")
    services.withdraw_invitation(game.pk, host, invitation.pk)
    assert reader.until("gone")[-1] == Event("gone", "no-access")


def test_a_stream_opened_again_sends_at_once_what_changed_since_its_last_event(
    stream_server: StreamServer, readers: list[EventReader], host: User, player: User
) -> None:
    game = table_of(host, player)
    before = _token(player, game)
    chat.post_message(game.pk, host, "Said while Brendan's stream was down")
    now = _token(player, game)

    def reopened(last_id: str) -> EventReader:
        reader = EventReader(
            stream_server.port, f"/games/{game.pk}/events/?t={before}", _session(player),
            last_id=last_id,
        )  # fmt: skip
        readers.append(reader)
        return reader

    # The browser sends the last event's id (a token) back: what changed since is sent first.
    behind = reopened(before)
    assert _changes(behind.until("changed")) == [now]
    # Nothing changed since the last event: nothing but who is here.
    current = reopened(now)
    heard = current.until("here")
    chat.post_message(game.pk, host, "And now")
    heard += current.until("changed")
    assert _changes(heard) == [_token(player, game)]
