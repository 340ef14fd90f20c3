"""Table talk: seated players write, the others see it on their next poll, spectators only read,
and bad input is refused with a clear word and changes nothing."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games import services
from games.access import table_for
from games.models import Game
from games.models.chat import Message
from games.page.chat import chat_panel
from games.services.chat import post_message
from tests.games.playing import play_to_end

HTMX = {"HX-Request": "true", "HX-Target": "chat"}


def _token(client: Client, game: Game) -> str:
    html = client.get(f"/games/{game.pk}/").content.decode()
    match = re.search(r"/status/\?t=([0-9a-f]+)", html)
    assert match is not None
    return match.group(1)


def test_it_shows_a_message_to_the_other_player_on_their_next_poll(
    client: Client, host: User, player: User, started: Game
) -> None:
    client.force_login(player)
    token = _token(client, started)
    poll = f"/games/{started.pk}/status/?t={token}"
    assert client.get(poll, headers={"HX-Request": "true", "HX-Target": "table"}).status_code == 204

    writer = Client()
    writer.force_login(host)
    response = writer.post(f"/games/{started.pk}/chat/", {"text": "Good luck, Brendan!"})
    assert response.status_code == 302 and response["Location"].endswith("#chat")

    answer = client.get(poll, headers={"HX-Request": "true", "HX-Target": "table"})
    assert answer.status_code == 200
    assert "Good luck, Brendan!" in answer.content.decode()
    assert "Good luck, Brendan!" in client.get(f"/games/{started.pk}/").content.decode()


def test_after_the_end_the_table_talk_still_arrives_by_poll(
    client: Client, host: User, player: User, started: Game
) -> None:
    finished = play_to_end(started, random.Random(8))
    client.force_login(player)
    page = client.get(f"/games/{finished.pk}/").content.decode()
    assert re.search(r'id="poll"[^>]*hx-trigger="every 30s, streamed"', page)
    poll = f"/games/{finished.pk}/status/?t={_token(client, finished)}"
    assert client.get(poll, headers={"HX-Request": "true", "HX-Target": "table"}).status_code == 204

    writer = Client()
    writer.force_login(host)
    writer.post(f"/games/{finished.pk}/chat/", {"text": "Well played!"})

    answer = client.get(poll, headers={"HX-Request": "true", "HX-Target": "table"})
    assert answer.status_code == 200
    assert "Well played!" in answer.content.decode()


def test_htmx_gets_the_panel_with_the_new_message_and_an_empty_box(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    response = client.post(f"/games/{started.pk}/chat/", {"text": "  hello  "}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section class="panel chat" id="chat"')
    assert '<p class="chat-text">hello</p>' in html
    assert re.search(r'<textarea id="chat-text"[^>]*></textarea>', html)
    assert "hx-preserve" not in html  # the answer to a post clears the box
    assert Message.objects.get().text == "hello"


def test_a_spectator_reads_but_may_not_write(
    client: Client, host: User, outsider: User, started: Game
) -> None:
    post_message(started.pk, host, "Welcome, watchers")
    client.force_login(outsider)
    html = client.get(f"/games/{started.pk}/").content.decode()
    assert "Welcome, watchers" in html
    assert "Only the players at this table can write here." in html
    assert 'id="chat-text"' not in html
    response = client.post(f"/games/{started.pk}/chat/", {"text": "let me in"})
    assert response.status_code == 403
    assert Message.objects.count() == 1


def test_an_outsider_of_an_invite_only_table_gets_nothing(
    client: Client, host: User, outsider: User
) -> None:
    game = services.create_game(host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True)
    client.force_login(outsider)
    assert client.post(f"/games/{game.pk}/chat/", {"text": "hi"}).status_code == 404
    assert not Message.objects.exists()


def test_messages_are_plain_escaped_text_with_no_links_made(
    client: Client, host: User, player: User, started: Game
) -> None:
    post_message(started.pk, host, '<script>alert("x")</script> see https://example.com\nbye')
    client.force_login(player)
    html = client.get(f"/games/{started.pk}/").content.decode()
    assert "<script>alert" not in html
    escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
    assert f"{escaped} see https://example.com<br>bye" in html
    assert 'href="https://example.com"' not in html


def test_empty_and_overlong_messages_are_refused_and_kept_in_the_box(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    empty = client.post(f"/games/{started.pk}/chat/", {"text": "   "}, headers=HTMX)
    assert empty.status_code == 400 and "Write something before sending." in empty.content.decode()
    long = "a" * 501
    response = client.post(f"/games/{started.pk}/chat/", {"text": long}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 400
    assert "at most 500 characters; this one has 501" in html
    assert f">{long}</textarea>" in html and 'aria-invalid="true"' in html
    assert not Message.objects.exists()


def test_without_javascript_a_refusal_is_said_on_the_table_page(
    client: Client, host: User, started: Game
) -> None:
    client.force_login(host)
    response = client.post(f"/games/{started.pk}/chat/", {"text": ""}, follow=True)
    assert "Write something before sending." in response.content.decode()
    assert not Message.objects.exists()


def test_a_person_who_writes_too_fast_is_asked_to_wait(
    client: Client, host: User, started: Game
) -> None:
    now = timezone.now()
    for n in range(5):
        post_message(started.pk, host, f"message {n}", now=now - timedelta(seconds=50 - n))
    client.force_login(host)
    response = client.post(f"/games/{started.pk}/chat/", {"text": "one more"}, headers=HTMX)
    assert response.status_code == 400
    assert "You have written 5 messages in the last 60 seconds" in response.content.decode()
    assert Message.objects.count() == 5
    # A minute after the first, the next one goes through.
    post_message(started.pk, host, "later", now=now + timedelta(seconds=11))
    assert Message.objects.count() == 6


def test_the_forming_page_has_the_chat_and_its_poll_brings_new_messages(
    client: Client, host: User, player: User, forming: Game
) -> None:
    services.join_game(forming.pk, player)
    client.force_login(host)
    token = _token(client, forming)
    post_message(forming.pk, player, "Shall we wait for a third?")
    response = client.get(
        f"/games/{forming.pk}/status/?t={token}",
        headers={"HX-Request": "true", "HX-Target": "forming"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="chat" aria-labelledby="chat-title" hx-swap-oob="true"' in html
    assert "Shall we wait for a third?" in html


def test_the_chat_panel_costs_one_query_on_a_drawn_page(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    post_message(started.pk, player, "hi")
    client.force_login(host)
    # drawn: session, user, the viewer's seat and token with the tables waiting (header
    # count), game, seats with users and profiles; the chat: its messages with authors and
    # whether the viewer muted them, and the newest message seen (only when there is a new one)
    with django_assert_num_queries(7):
        assert client.get(f"/games/{started.pk}/").status_code == 200
    # from the cache: session, user, the viewer's seat and token with the tables waiting
    with django_assert_num_queries(3):
        assert client.get(f"/games/{started.pk}/").status_code == 200


def test_posting_by_htmx_costs_a_fixed_number_of_queries(
    client: Client, host: User, player: User, started: Game, django_assert_num_queries: Any
) -> None:
    post_message(started.pk, player, "hi")
    client.force_login(host)
    # session, user; access: game, seats with names; the service: savepoint, locked game, the
    # author's seat, the author's row locked, recent messages by the author, insert, version,
    # release savepoint; the panel: its messages, the newest seen
    with django_assert_num_queries(14):
        response = client.post(f"/games/{started.pk}/chat/", {"text": "hello"}, headers=HTMX)
    assert response.status_code == 200


def test_someone_who_left_the_table_is_still_named_by_their_messages(
    client: Client, host: User, player: User, forming: Game, django_assert_num_queries: Any
) -> None:
    services.join_game(forming.pk, player)
    post_message(forming.pk, player, "Back another day")
    services.leave_game(forming.pk, player)
    client.force_login(host)
    response = client.get(f"/games/{forming.pk}/", headers={"HX-Request": "true"})
    assert "<strong>Brendan</strong>" in response.content.decode()
    access = table_for(host, forming.pk)
    # the messages, then the name of the one author without a seat here any more
    with django_assert_num_queries(2):
        panel = chat_panel(access, host)
    assert [line.author for line in panel.lines] == ["Brendan"]
