"""Every player name links to the player's page: people do, bots and former players don't."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.template import Context, Template
from pytest_django.fixtures import Settings as SettingsWrapper

from games.models import Game, Seat, SeatKind
from tests.factories import UserFactory


def named(who: object, absolute: bool = False) -> str:
    template = Template("{% load players %}{% player who absolute=absolute %}")
    return template.render(Context({"who": who, "absolute": absolute}))


def test_it_links_a_person_to_their_page(host: User, started: Game) -> None:
    seat = Seat.objects.select_related("user__profile").get(game=started, user=host)
    assert named(seat) == '<a class="player" href="/players/Aoife/">Aoife</a>'
    assert named(host) == named(seat) == named(host.profile)


def test_it_shows_a_bot_as_a_bot_without_a_link(started: Game) -> None:
    bot = Seat(game=started, position=4, kind=SeatKind.BOT, bot="hard")
    assert named(bot) == '<span class="player bot">Hard bot 5</span>'


def test_it_shows_a_former_player_without_a_link(started: Game) -> None:
    Seat.objects.filter(game=started, position=0).update(user=None)
    seat = Seat.objects.get(game=started, position=0)
    assert named(seat) == '<span class="player former">former player</span>'
    assert named(None) == '<span class="player former">former player</span>'


def test_a_person_without_a_profile_has_no_page_to_link(started: Game) -> None:
    admin = UserFactory.create(username="root-user", profile=None)
    assert named(admin) == '<span class="player former">root-user</span>'
    # Seated (by the admin pages), they are named as everywhere else at the table.
    Seat.objects.filter(game=started, position=0).update(user=admin)
    seat = Seat.objects.select_related("user__profile").get(game=started, position=0)
    assert named(seat) == '<span class="player former">root-user</span>'
    assert seat.name == "root-user"


def test_it_links_from_an_email_with_the_sites_address(
    host: User, settings: SettingsWrapper
) -> None:
    settings.SITE_URL = "https://tipperary.example"
    expected = '<a class="player" href="https://tipperary.example/players/Aoife/">Aoife</a>'
    assert named(host, absolute=True) == expected


def test_the_names_are_escaped(db: None) -> None:
    # Display names are letters and digits only, but a username may hold anything.
    odd = UserFactory.create(username="<b>x</b>", profile=None)
    assert "<b>" not in named(odd)
