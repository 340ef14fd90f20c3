"""Invitations by name in the site: the invitee answers under Your games, the host sees and
withdraws them on the forming page."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from accounts.models import EmailMode
from games import services
from games.models import Game, GameStatus, Invitation
from games.models.outbox import OutboxMessage
from tests.conftest import make_person

# The host is named with a link to her page, as every player name is.
HOST_LINK = 'Host: <a class="player" href="/players/Aoife/">Aoife</a>'

DjangoAssertNumQueries = pytest.FixtureRequest


@pytest.fixture
def private(host: User) -> Game:
    """Aoife's invite-only table for three, one-day rounds."""
    return services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)


def text(response: object) -> str:
    return html_lib.unescape(response.content.decode())  # type: ignore[attr-defined]


def test_it_shows_the_invitation_under_your_games_with_no_email_at_all(
    client: Client, host: User, private: Game
) -> None:
    quiet = make_person("Declan", email_mode=EmailMode.OFF)
    client.force_login(host)
    response = client.post(f"/games/{private.pk}/invite/", {"display_name": "declan"}, follow=True)
    assert "Declan is invited. They will find it under Your games." in text(response)
    assert not OutboxMessage.objects.exists() and not mail.outbox

    client.force_login(quiet)
    page = text(client.get("/games/mine/"))
    assert page.index("Invitations") < page.index(f"Table {private.pk}<")
    assert HOST_LINK in page
    assert "1 of 3 seats taken" in page
    assert "1 day per round" in page
    assert f'action="/games/{private.pk}/join/"' in page
    assert f'action="/games/{private.pk}/decline/"' in page
    assert "<title>(1) Your games" in page  # the header counts it as a table waiting


def test_it_lets_the_invitee_join_from_your_games(
    client: Client, host: User, outsider: User, private: Game
) -> None:
    services.invite_player(private.pk, host, "Ciara")
    client.force_login(outsider)
    response = client.post(f"/games/{private.pk}/join/", follow=True)
    assert "You have a seat at this table." in text(response)
    assert private.seats.filter(user=outsider).exists()
    page = text(client.get("/games/mine/"))
    assert "Invitations" not in page
    assert page.index("Tables forming") < page.index(f"Table {private.pk}<")
    assert "<title>Your games" in page


def test_it_lets_the_invitee_decline(
    client: Client, host: User, outsider: User, private: Game
) -> None:
    services.invite_player(private.pk, host, "Ciara")
    version = Game.objects.get(pk=private.pk).version
    client.force_login(outsider)
    response = client.post(f"/games/{private.pk}/decline/", follow=True)
    assert response.redirect_chain == [("/games/mine/", 302)]
    page = text(response)
    assert f"You declined the invitation to Table {private.pk}." in page
    assert "Invitations" not in page
    assert not private.invitations.exists()
    assert Game.objects.get(pk=private.pk).version == version + 1
    # The table is invite-only: without the invitation it is out of sight and out of reach.
    assert client.post(f"/games/{private.pk}/join/").status_code == 404
    assert private.seats.count() == 1


def test_it_refuses_to_decline_without_an_invitation(
    client: Client, forming: Game, player: User
) -> None:
    client.force_login(player)
    version = forming.version
    response = client.post(f"/games/{forming.pk}/decline/", follow=True)
    assert "You have no invitation to this table." in text(response)
    assert Game.objects.get(pk=forming.pk).version == version


def test_it_shows_the_host_who_is_invited_and_lets_them_withdraw(
    client: Client, host: User, outsider: User, private: Game
) -> None:
    invitation = services.invite_player(private.pk, host, "Ciara")
    client.force_login(host)
    page = text(client.get(f"/games/{private.pk}/"))
    assert "Invited, not seated yet" in page and "Ciara" in page
    withdraw = f"/games/{private.pk}/invitations/{invitation.pk}/withdraw/"
    assert f'action="{withdraw}"' in page

    response = client.post(withdraw, follow=True)
    page = text(response)
    assert "Ciara’s invitation is withdrawn." in page
    assert "Invited, not seated yet" not in page
    client.force_login(outsider)
    assert "Invitations" not in text(client.get("/games/mine/"))
    assert client.post(f"/games/{private.pk}/join/").status_code == 404
    assert private.seats.count() == 1


def test_it_refuses_withdrawals_by_anyone_but_the_host(
    client: Client, host: User, player: User, outsider: User, forming: Game, private: Game
) -> None:
    services.join_game(forming.pk, player)
    invitation = services.invite_player(forming.pk, host, "Ciara")
    hidden = services.invite_player(private.pk, host, "Brendan")
    version = Game.objects.get(pk=forming.pk).version
    client.force_login(player)
    response = client.post(
        f"/games/{forming.pk}/invitations/{invitation.pk}/withdraw/", follow=True
    )
    assert "Only the host can withdraw an invitation." in text(response)
    assert "Invited, not seated yet" not in text(response)  # only the host sees the list
    client.force_login(outsider)
    response = client.post(f"/games/{private.pk}/invitations/{hidden.pk}/withdraw/")
    assert response.status_code == 404  # an invite-only table the outsider was not invited to
    assert Invitation.objects.count() == 2
    assert Game.objects.get(pk=forming.pk).version == version


def test_it_hides_invitations_to_tables_that_started_or_closed(
    client: Client, host: User, player: User, outsider: User
) -> None:
    started = services.create_game(
        host, seats_wanted=2, round_minutes=1440, is_open=False, rated=True
    )
    services.invite_player(started.pk, host, "Ciara")
    services.invite_player(started.pk, host, "Brendan")
    services.join_game(started.pk, player)
    assert Game.objects.get(pk=started.pk).status == GameStatus.PLAYING
    closed = services.create_game(
        host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True
    )
    services.invite_player(closed.pk, host, "Ciara")
    services.leave_game(closed.pk, host)
    client.force_login(outsider)
    page = text(client.get("/games/mine/"))
    assert "Invitations" not in page and "<title>Your games" in page


def test_it_offers_to_copy_the_link_and_keeps_the_field_without_javascript(
    client: Client, host: User, forming: Game
) -> None:
    client.force_login(host)
    page = text(client.get(f"/games/{forming.pk}/"))
    assert '<script type="module" src="/static/js/copy_link.js' in page
    assert 'id="invite-link" readonly value="http://testserver/games/invite/' in page
    # The button appears only when the module runs; its result is spoken in a live region.
    assert 'data-copy-from="invite-link" data-copy-status="invite-link-status" hidden>' in page
    assert 'id="invite-link-status" role="status" aria-live="polite"' in page


def test_your_games_with_invitations_and_its_query_count(
    client: Client, host: User, outsider: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    for seats in (2, 3, 4):
        game = services.create_game(
            host, seats_wanted=seats, round_minutes=1440, is_open=False, rated=True
        )
        services.invite_player(game.pk, host, "Ciara")
    client.force_login(outsider)
    # 1. session; 2. user; 3. pending invitations with their tables, hosts' profiles and seats
    # taken; 4. active seats with games; 5. finished seats with games;
    # 6. tables waiting (header: to play, or invitations to answer, in one UNION)
    with django_assert_num_queries(6):  # type: ignore[operator]
        page = text(client.get("/games/mine/"))
    assert page.count(HOST_LINK) == 3
    assert "<title>(3) Your games" in page


def test_the_forming_page_with_invitations_and_its_query_count(
    client: Client, host: User, private: Game, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    for name in ("Brendan", "Ciara", "Declan"):
        make_person(name)
        services.invite_player(private.pk, host, name)
    client.force_login(host)
    # 1. session; 2. user; 3. the viewer's seat and token; 4. game with the header's count of
    # tables waiting; 5. seats with users and profiles; 6. pending invitations with the
    # invitees' profiles (no talk yet: no messages read)
    with django_assert_num_queries(6):  # type: ignore[operator]
        page = text(client.get(f"/games/{private.pk}/"))
    assert page.count("invitations/") == 3


def _without_csrf(html: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", html)


@pytest.mark.parametrize("started", [False, True], ids=["forming", "started"])
def test_a_forged_link_token_gets_an_outsider_the_same_404_as_no_token(
    client: Client, host: User, player: User, outsider: User, private: Game, started: bool
) -> None:
    if started:
        services.invite_player(private.pk, host, "Brendan")
        services.join_game(private.pk, player)
        services.start_game(private.pk, host)
    client.force_login(outsider)
    plain = client.post(f"/games/{private.pk}/join/")
    forged = client.post(f"/games/{private.pk}/join/", {"token": "forged"})
    other_table = services.create_game(outsider, seats_wanted=2, round_minutes=1440, is_open=False,
                                       rated=False)  # fmt: skip
    borrowed = client.post(
        f"/games/{private.pk}/join/", {"token": services.invite_token(other_table)}
    )
    missing = client.post("/games/999999/join/", {"token": "forged"})
    assert [r.status_code for r in (plain, forged, borrowed, missing)] == [404] * 4
    bodies = {_without_csrf(r.content.decode()) for r in (plain, forged, borrowed, missing)}
    assert len(bodies) == 1  # the same page, apart from the token masked anew each time
    assert private.seats.filter(user=outsider).count() == 0
