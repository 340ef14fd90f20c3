"""The pages: the list of events, an event's page, the create form, sign-up and withdrawal.
Every refusal says why where the person looks, and changes nothing."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from games.models import Entrant, Rating, RatingPool, Tournament, TournamentStatus
from games.tournaments import events
from tests.conftest import make_person
from tests.tournaments.events import CLOSES, CREATED, event_with, people, play_round

pytestmark = pytest.mark.django_db


def text(response: object) -> str:
    """What a person reads of the page: its words, without tags, entities decoded."""
    content = getattr(response, "content", b"")
    assert isinstance(content, bytes)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", content.decode())).split())


@pytest.fixture(autouse=True)
def _on_the_day() -> object:
    with time_machine.travel(CREATED + timedelta(hours=1), tick=False) as traveller:
        yield traveller


@pytest.fixture
def host_client(client: Client, host: User) -> Client:
    client.force_login(host)
    return client


FORM = {
    "name": "Spring Swiss", "format": "swiss", "table_size": "3", "rounds": "3",
    "round_minutes": "1440", "rated": "on", "min_entrants": "3", "max_entrants": "9",
    "min_rating": "", "max_rating": "", "signup_closes_at": "2026-12-05T18:00",
}  # fmt: skip


def test_it_creates_an_event_from_the_form(host_client: Client, host: User) -> None:
    response = host_client.post(reverse("tournaments:create"), FORM, follow=True)
    tournament = Tournament.objects.get()
    assert (tournament.host, tournament.table_size, tournament.rounds) == (host, 3, 3)
    assert tournament.signup_closes_at == datetime(2026, 12, 5, 18, tzinfo=UTC)  # her zone
    assert "Spring Swiss is open for sign-up." in text(response)
    assert "First place 2 points, last place 0, every place between 1." in text(response)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "  "}, "This field is required."),
        ({"table_size": "7"}, "Select a valid choice. 7 is not one of the available choices."),
        ({"rounds": "0"}, "Ensure this value is greater than or equal to 1."),
        ({"min_entrants": "12"}, "The fewest entrants is more than the most entrants."),
        ({"min_entrants": "2"}, "Without bots, at least 3 entrants are needed to fill one table"),
        ({"format": "groups", "min_entrants": "3"}, "Groups and a final need at least 4 entrants"),
        ({"format": "groups", "min_entrants": "4", "max_entrants": "12"}, "at most 9 entrants."),
        ({"min_rating": "1500", "max_rating": "1200"}, "The lowest rating allowed is above"),
        ({"signup_closes_at": "2026-12-01T18:00"}, "Sign-up must close in the future."),
        ({"signup_closes_at": "soon"}, "Enter a valid date/time."),
    ],
)
def test_bad_input_on_create_is_refused_beside_its_field_and_creates_nothing(
    host_client: Client, changes: dict[str, str], message: str
) -> None:
    response = host_client.post(reverse("tournaments:create"), {**FORM, **changes})
    assert response.status_code == 400
    assert message in text(response)
    assert "nothing was created" in text(response)
    assert not Tournament.objects.exists()


@pytest.fixture
def swiss(host: User) -> Tournament:
    return event_with([host], max_entrants=3, min_rating=900, max_rating=1100)


@pytest.mark.parametrize(
    ("who", "why"),
    [
        ("entered", "You are already entered in Spring Swiss."),
        ("late", "Sign-up for Spring Swiss has closed."),
        ("strong", "Spring Swiss takes ratings from 900 to 1100; yours is 1500."),
        ("crowded", "Spring Swiss is full: it takes 3 entrants."),
    ],
)
def test_a_refused_sign_up_says_why_on_the_event_page_and_changes_nothing(
    client: Client, swiss: Tournament, host: User, who: str, why: str,
    _on_the_day: time_machine.Coordinates,
) -> None:  # fmt: skip
    person = host if who == "entered" else make_person("Dara")
    if who == "late":
        _on_the_day.move_to(CLOSES)
    if who == "strong":
        Rating.objects.create(user=person, pool=RatingPool.MULTI, mu=40, sigma=4, ordinal=20,
                              updated_at=CREATED)  # fmt: skip
    if who == "crowded":
        for other in people(2, "F"):
            events.enter(swiss.pk, other, CREATED)
    before = list(Entrant.objects.values_list("pk", flat=True))
    client.force_login(person)
    response = client.post(reverse("tournaments:enter", args=[swiss.pk]), follow=True)
    assert why in text(response)
    assert list(Entrant.objects.values_list("pk", flat=True)) == before


def test_a_person_signs_up_and_withdraws_before_the_start(
    client: Client, swiss: Tournament, player: User
) -> None:
    client.force_login(player)
    url = swiss.get_absolute_url()
    page = text(client.get(url))
    assert "Sign up for Spring Swiss" in page and "Entrants (1)" in page
    response = client.post(reverse("tournaments:enter", args=[swiss.pk]), follow=True)
    assert "You are entered in Spring Swiss." in text(response)
    assert "Entrants (2)" in text(response)
    again = client.post(reverse("tournaments:enter", args=[swiss.pk]), follow=True)
    assert "You are already entered in Spring Swiss." in text(again)
    assert swiss.entrants.count() == 2
    gone = client.post(reverse("tournaments:withdraw", args=[swiss.pk]), follow=True)
    assert "You are no longer entered in Spring Swiss." in text(gone)
    assert swiss.entrants.count() == 1


def test_the_list_shows_open_running_and_finished_events_in_one_query(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    event_with(people(3, "O"), name="Open Cup")
    running = event_with(people(3, "R"), name="Running Swiss")
    events.begin(running.pk, CLOSES)
    with django_assert_num_queries(1):  # the events with their entrant counts
        response = client.get(reverse("tournaments:list"))
    page = text(response)
    assert page.index("Open for sign-up") < page.index("Open Cup") < page.index("Running")
    assert page.index("Running") < page.index("Running Swiss") < page.index("Finished")
    assert "No event has finished yet." in page


def test_the_event_page_shows_tables_standings_and_the_winner(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    entered = people(4, "E")
    tournament = event_with(entered, table_size=2, rounds=1, min_entrants=2)
    events.begin(tournament.pk, CLOSES)
    play_round(tournament, 1, seed=2)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    client.force_login(entered[0])
    # session, user, the event and its host, the entrants, the tables, their seats; the
    # tables waiting for the viewer (in the header)
    with django_assert_num_queries(7):
        response = client.get(tournament.get_absolute_url())
    page = text(response)
    winner = Entrant.objects.get(tournament=tournament, place=1)
    assert f"Winner: {winner.name}" in page
    assert "Standings" in page and "Round 1" in page
    assert "Table 1 of round 1 finished" in page and "Table 2 of round 1 finished" in page
    assert "1st, " in page and "2 points" in page

    player = text(client.get(reverse("ratings:player", args=[winner.name])))
    assert "Tournaments Spring Swiss : 1st of 4" in player  # (a link, then its placing)
