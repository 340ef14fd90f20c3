"""Staff get no more than their permissions say: view-only staff only look, players' addresses
and mail bodies need their own permission, a sent account mail keeps no link, and nobody reads
the round in play of a table in play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core import mail
from django.test import Client
from django.utils import timezone

from games import services
from games.engine_bridge import load_state
from games.models import Action, Game
from games.models.chat import Message
from games.models.outbox import Kind, OutboxMessage, Status
from games.notifications.periodic import prune
from games.notifications.send import send_due_messages
from tests.factories import UserFactory
from tests.games.playing import any_legal_action, play_round, step_of

pytestmark = pytest.mark.django_db

LINK = "https://tipperary.example/accounts/password/reset/key/3-secret-key/"


def staff_with(*permissions: str, name: str = "Orla") -> User:
    """A staff member who holds only ``permissions`` ("app_label.codename")."""
    staff = UserFactory.create(username=name, email=f"{name}@staff.example", is_staff=True)
    for permission in permissions:
        app_label, codename = permission.split(".")
        staff.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    return staff


@pytest.fixture
def table(host: User, player: User) -> Game:
    game = services.create_game(host, seats_wanted=2, round_minutes=1440, is_open=True, rated=True)
    return services.join_game(game.pk, player)


@pytest.fixture
def reset_mail(db: None) -> OutboxMessage:
    """A password reset the mail server refused: its note quotes the address."""
    return OutboxMessage.objects.create(
        kind=Kind.ACCOUNT, to_address="someone@example.com", status=Status.FAILED,
        subject="[Tipperary] Choose a new password", body_text=f"Follow {LINK}",
        body_html=f'<a href="{LINK}">Choose</a>', due_at=timezone.now(),
        note="SMTPRecipientsRefused: {'someone@example.com': (550, b'No such user')}",
    )  # fmt: skip


def listed(client: Client, page: str, search: str = "") -> list[Any]:
    """The rows a list page of the admin shows (after a search, if given)."""
    response = client.get(page, {"q": search} if search else {})
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


# Actions need the change permission. ---------------------------------------------------------


def test_staff_who_may_only_view_chat_cannot_hide_a_message(
    client: Client, table: Game, host: User
) -> None:
    message = Message.objects.create(game=table, author=host, text="Boo", created_at=timezone.now())
    client.force_login(staff_with("games.view_message"))
    page = client.get("/admin/games/message/").content.decode()
    assert 'value="hide"' not in page, "the action is not even offered"

    client.post("/admin/games/message/", {"action": "hide", "_selected_action": [message.pk]})
    message.refresh_from_db()
    assert not message.hidden_by_staff


def test_staff_who_may_change_chat_hide_a_message(client: Client, table: Game, host: User) -> None:
    message = Message.objects.create(game=table, author=host, text="Boo", created_at=timezone.now())
    client.force_login(staff_with("games.change_message"))
    response = client.post(
        "/admin/games/message/", {"action": "hide", "_selected_action": [message.pk]}, follow=True
    )
    assert "1 message(s) hidden." in response.content.decode()
    message.refresh_from_db()
    assert message.hidden_by_staff


def test_staff_who_may_only_view_the_outbox_cannot_send_a_mail_again(
    client: Client, reset_mail: OutboxMessage
) -> None:
    client.force_login(staff_with("games.view_outboxmessage"))
    page = client.get("/admin/games/outboxmessage/").content.decode()
    assert 'value="send_again_now"' not in page
    client.post(
        "/admin/games/outboxmessage/",
        {"action": "send_again_now", "_selected_action": [reset_mail.pk]},
    )
    reset_mail.refresh_from_db()
    assert reset_mail.status == Status.FAILED


def test_staff_who_may_change_the_outbox_send_a_mail_again(
    client: Client, reset_mail: OutboxMessage
) -> None:
    client.force_login(staff_with("games.change_outboxmessage"))
    client.post(
        "/admin/games/outboxmessage/",
        {"action": "send_again_now", "_selected_action": [reset_mail.pk]},
    )
    reset_mail.refresh_from_db()
    assert reset_mail.status == Status.PENDING


# Addresses and bodies need games.view_recipient. ---------------------------------------------


def test_the_outbox_shows_and_searches_no_address_or_body_without_the_permission(
    client: Client, table: Game, reset_mail: OutboxMessage
) -> None:
    client.force_login(staff_with("games.view_outboxmessage"))
    listing = client.get("/admin/games/outboxmessage/").content.decode()
    assert "someone@example.com" not in listing and "aoife@example.com" not in listing
    assert "Aoife" in listing, "the player's display name tells staff whose mail it is"
    assert "SMTPRecipientsRefused: {&#x27;(address)&#x27;: (550" in listing

    detail = client.get(f"/admin/games/outboxmessage/{reset_mail.pk}/change/").content.decode()
    assert "Choose a new password" in detail
    assert "someone@example.com" not in detail and "secret-key" not in detail

    assert listed(client, "/admin/games/outboxmessage/", "someone@example.com") == []
    assert listed(client, "/admin/games/outboxmessage/", "aoife@example.com") == []


def test_the_outbox_shows_and_searches_addresses_and_bodies_with_the_permission(
    client: Client, table: Game, reset_mail: OutboxMessage
) -> None:
    client.force_login(staff_with("games.view_outboxmessage", "games.view_recipient"))
    listing = client.get("/admin/games/outboxmessage/").content.decode()
    assert "someone@example.com" in listing
    detail = client.get(f"/admin/games/outboxmessage/{reset_mail.pk}/change/").content.decode()
    assert "secret-key" in detail
    assert listed(client, "/admin/games/outboxmessage/", "someone@example.com") == [reset_mail]
    [started] = listed(client, "/admin/games/outboxmessage/", "aoife@example.com")
    assert started.kind == Kind.STARTED


def test_chat_is_searched_by_address_only_with_the_permission(
    client: Client, table: Game, host: User
) -> None:
    message = Message.objects.create(game=table, author=host, text="Boo", created_at=timezone.now())
    client.force_login(staff_with("games.view_message"))
    assert listed(client, "/admin/games/message/", "aoife@example.com") == []
    assert listed(client, "/admin/games/message/", "Aoife") == [message]

    client.force_login(staff_with("games.view_message", "games.view_recipient", name="Seamus"))
    assert listed(client, "/admin/games/message/", "aoife@example.com") == [message]


def test_profiles_are_searched_by_address_only_by_staff_who_may_view_users(
    client: Client, host: User
) -> None:
    client.force_login(staff_with("accounts.view_profile"))
    assert listed(client, "/admin/accounts/profile/", "aoife@example.com") == []

    client.force_login(staff_with("accounts.view_profile", "auth.view_user", name="Seamus"))
    assert listed(client, "/admin/accounts/profile/", "aoife@example.com") == [host.profile]


# A sent account mail keeps no link. ----------------------------------------------------------


def test_an_account_mail_keeps_its_body_only_until_it_is_sent(reset_mail: OutboxMessage) -> None:
    OutboxMessage.objects.filter(pk=reset_mail.pk).update(status=Status.PENDING)
    assert send_due_messages().sent == 1
    [sent] = mail.outbox
    assert LINK in str(sent.body)

    reset_mail.refresh_from_db()
    assert reset_mail.status == Status.SENT
    assert (reset_mail.body_text, reset_mail.body_html) == ("", "")
    assert reset_mail.subject == "[Tipperary] Choose a new password"
    assert reset_mail.to_address == "someone@example.com"


def test_the_minute_blanks_account_mail_sent_before_and_keeps_mail_still_to_send(
    reset_mail: OutboxMessage,
) -> None:
    sent = OutboxMessage.objects.create(
        kind=Kind.ACCOUNT, to_address="other@example.com", status=Status.SENT,
        subject="[Tipperary] Confirm your address", body_text=f"Follow {LINK}",
        body_html=LINK, due_at=timezone.now(),
    )  # fmt: skip
    prune(timezone.now())
    sent.refresh_from_db()
    reset_mail.refresh_from_db()
    assert (sent.body_text, sent.body_html) == ("", "")
    assert LINK in reset_mail.body_text, "a failed mail may be sent again: it keeps its body"


# The round in play of a table in play is nobody's to read. -----------------------------------


def test_the_log_hides_the_round_in_play_until_it_is_over(
    client: Client, table: Game, host: User
) -> None:
    client.force_login(UserFactory.create(username="Orla", is_staff=True, is_superuser=True))
    notation = any_legal_action(load_state(table), 0, random.Random(1))
    assert notation is not None
    seat_of_host = table.seats.get(user=host)
    assert seat_of_host.position == 0
    services.submit_action(table.pk, host, notation, step_of(table, host))
    hidden = Action.objects.get(game=table, round=1, seat=0)

    assert all(entry.round < 1 for entry in listed(client, "/admin/games/action/", str(table.pk)))
    assert client.get(f"/admin/games/action/{hidden.pk}/change/").status_code == 302
    game_page = client.get(f"/admin/games/game/{table.pk}/change/").content.decode()
    before = Action.objects.filter(game=table, round__lt=1).count()
    assert f'/admin/games/action/?q={table.pk}">{before} entries</a>' in game_page
    assert "column-step" not in game_page, "a seat's step counts its moves this round"

    play_round(Game.objects.get(pk=table.pk), random.Random(2))
    assert hidden in listed(client, "/admin/games/action/", str(table.pk))
    assert client.get(f"/admin/games/action/{hidden.pk}/change/").status_code == 200


def test_a_seat_page_hides_its_step_while_the_table_plays(client: Client, table: Game) -> None:
    client.force_login(UserFactory.create(username="Orla", is_staff=True, is_superuser=True))
    seat = table.seats.first()
    assert seat is not None
    page = client.get(f"/admin/games/seat/{seat.pk}/change/").content.decode()
    assert "field-step" not in page
