"""Table talk of a deleted account stays, by "former player"; a block hides each person's
messages from the other, at the table and in mail, while everyone else still reads both."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Profile
from accounts.services import delete_account
from games.models import Game, Seat
from games.models.chat import Block, Message
from games.notifications.chat_news import news_at, news_everywhere
from games.services.chat import post_message
from tests.games.playing import table_of

HTMX = {"HX-Request": "true", "HX-Target": "chat"}


def _seat(game: Game, person: User) -> Seat:
    return Seat.objects.select_related("game").get(game=game, user=person)


def test_a_deleted_accounts_messages_stay_by_former_player_with_nothing_to_mute(
    client: Client, host: User, player: User, outsider: User
) -> None:
    game = table_of(host, player, outsider)
    post_message(game.pk, player, "I have to go, sorry")
    gone = player.pk
    delete_account(player)

    assert Message.objects.get().author is None
    client.force_login(host)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "<strong>former player</strong>" in html and "I have to go, sorry" in html
    assert "Mute<span" not in html
    response = client.post(f"/games/{game.pk}/chat/mute/", {"player": gone}, headers=HTMX)
    assert response.status_code == 400 and "There is no such player." in response.content.decode()


def test_mail_says_the_latest_message_is_from_a_former_player(
    host: User, player: User, outsider: User
) -> None:
    game = table_of(host, player, outsider)
    post_message(game.pk, player, "I have to go, sorry")
    delete_account(player)
    profile = Profile.objects.get(user=host)

    news = news_at(_seat(game, host), profile)
    assert news is not None and (news.count, news.author) == (1, "former player")
    (everywhere,) = news_everywhere(host.pk, profile)
    assert (everywhere.count, everywhere.author) == (1, "former player")


def test_a_block_hides_each_persons_messages_from_the_other_but_not_from_others(
    client: Client, host: User, player: User, outsider: User
) -> None:
    game = table_of(host, player, outsider)
    post_message(game.pk, host, "from Aoife")
    post_message(game.pk, player, "from Brendan")
    Block.objects.create(user=host, blocked=player)

    sides = ((host, "from Brendan", "from Aoife"), (player, "from Aoife", "from Brendan"))
    for viewer, hidden, seen in sides:
        client.force_login(viewer)
        html = client.get(f"/games/{game.pk}/").content.decode()
        assert hidden not in html and seen in html
    client.force_login(outsider)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "from Aoife" in html and "from Brendan" in html


def test_neither_side_of_a_block_is_mailed_about_the_others_messages(
    host: User, player: User, outsider: User
) -> None:
    game = table_of(host, player, outsider)
    Block.objects.create(user=player, blocked=host)
    post_message(game.pk, host, "from Aoife")
    post_message(game.pk, player, "from Brendan")

    for person in (host, player):
        profile = Profile.objects.get(user=person)
        assert news_at(_seat(game, person), profile) is None
        assert news_everywhere(person.pk, profile) == []
    onlooker = Profile.objects.get(user=outsider)
    (news,) = news_everywhere(outsider.pk, onlooker)
    assert (news.count, news.author) == (2, "Brendan")

    post_message(game.pk, outsider, "from Ciara")
    for person in (host, player):
        news_here = news_at(_seat(game, person), Profile.objects.get(user=person))
        assert news_here is not None and (news_here.count, news_here.author) == (1, "Ciara")


def test_a_block_costs_the_drawn_page_no_query(
    client: Client,
    host: User,
    player: User,
    started: Game,
    django_assert_num_queries: Any,
) -> None:
    post_message(started.pk, player, "hi")
    Block.objects.create(user=player, blocked=host)
    client.force_login(host)
    # drawn: session, user, the viewer's seat and token with the tables waiting (header
    # count), game, seats with users and profiles; the chat: its messages with authors and
    # whether the viewer muted them or a block stands between them, and the newest message
    # seen (the same as without the block)
    with django_assert_num_queries(7):
        html = client.get(f"/games/{started.pk}/").content.decode()
    assert '<p class="chat-text">hi</p>' not in html
