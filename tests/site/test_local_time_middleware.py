"""Every page tells the time on the viewer's clock: a logged-in person's zone, else the zone
their browser reports; mails keep their recipient's zone whatever the request's."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime

import pytest
import time_machine
from allauth.core.context import request_context
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.utils import timezone

from accounts.adapter import AccountAdapter
from accounts.middleware import ZONE_COOKIE
from games.models.outbox import Kind, OutboxMessage
from tests.conftest import make_person
from tests.ratings.tables import finished_table

# 02:00 on Sunday 15 March in UTC is still Saturday 14 March in America (DST began on 8 March).
FINISHED = datetime(2026, 3, 15, 2, 0, tzinfo=UTC)
URL = "/players/Aoife/"
IN_UTC = '<time datetime="2026-03-15T02:00:00Z">15 Mar 2026</time>'
IN_AMERICA = '<time datetime="2026-03-15T02:00:00Z">14 Mar 2026</time>'


@pytest.fixture
def aoife(host: User, player: User) -> User:
    """Aoife, with one table finished at ``FINISHED``, on her player page."""
    game = finished_table([host, player], [70, 60])
    type(game).objects.filter(pk=game.pk).update(finished_at=FINISHED)
    return host


def page(client: Client) -> str:
    response = client.get(URL)
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_a_logged_in_person_the_finished_date_in_their_zone(
    client: Client, aoife: User
) -> None:
    client.force_login(make_person("Deirdre", time_zone="America/New_York"))
    assert IN_AMERICA in page(client)


def test_it_shows_a_visitor_the_date_in_their_browser_s_zone(client: Client, aoife: User) -> None:
    client.cookies[ZONE_COOKIE] = "America/Los_Angeles"
    assert IN_AMERICA in page(client)


def test_a_logged_in_person_s_own_zone_comes_before_their_browser_s(
    client: Client, aoife: User
) -> None:
    client.force_login(make_person("Deirdre", time_zone="UTC"))
    client.cookies[ZONE_COOKIE] = "America/New_York"
    assert IN_UTC in page(client)


@pytest.mark.parametrize("cookie", ["Mars/Olympus_Mons", "", "localtime", "America/New_York\x00"])
def test_it_shows_a_visitor_with_a_zone_it_does_not_know_utc_without_error(
    client: Client, aoife: User, cookie: str
) -> None:
    client.cookies[ZONE_COOKIE] = cookie
    assert IN_UTC in page(client)


def test_two_visitors_on_different_clocks_never_see_each_other_s_stored_page(
    client: Client, aoife: User
) -> None:
    assert IN_UTC in page(client)
    client.cookies[ZONE_COOKIE] = "America/New_York"
    assert IN_AMERICA in page(client)


def test_it_leaves_no_zone_active_after_the_request(client: Client, aoife: User) -> None:
    client.force_login(make_person("Deirdre", time_zone="America/New_York"))
    page(client)
    assert timezone.get_current_timezone_name() == "UTC"


def test_an_account_mail_written_during_a_request_in_another_zone_keeps_its_recipient_s(
    db: None,
) -> None:
    # A password reset finished from a visitor's browser in Tokyo: the notice goes to Deirdre.
    deirdre = make_person("Deirdre", time_zone="America/New_York")
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.7")
    tokyo = zoneinfo.ZoneInfo("Asia/Tokyo")
    with (
        time_machine.travel(FINISHED, tick=False),
        request_context(request),
        timezone.override(tokyo),
    ):
        AccountAdapter().send_notification_mail(
            "account/email/password_changed", deirdre, email="deirdre@example.com"
        )
    mail = OutboxMessage.objects.get(kind=Kind.ACCOUNT)
    assert "Time: 14 March 2026, 22:00 EDT" in mail.body_text
