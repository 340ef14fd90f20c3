"""No English in a German player's mail or push: every kind of mail (subject, text and HTML), its
push, and the account mails of sign-up and log-in, composed for Dieter, who reads German; one
kind for Francine, who reads French. The same two checks as the pages (``tests.i18n.english``).
"""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from allauth.core.context import request_context
from django.contrib.auth.models import User
from django.test import RequestFactory
from django.utils import timezone

from accounts.adapter import AccountAdapter
from accounts.models import Profile
from games import services
from games.challenge import entries
from games.models import Game, RoundTime, Seat
from games.models.outbox import Kind, OutboxMessage
from games.notifications.compose import render_mail
from games.notifications.push.payload import push_payload
from games.ratings.rate import rate_game
from games.services.chat import post_message
from games.tournaments import events
from tests.conftest import make_person
from tests.games.playing import finish_turns, play_to_end
from tests.i18n.catalogues import Entry
from tests.i18n.english import (
    FOREIGN_DAY,
    GERMAN_DAY,
    catalogue_for,
    report,
    sentences_left,
    unmarked_left,
)
from tests.i18n.visible_text import text_nodes
from tests.notifications.conftest import start_table
from tests.tournaments.events import CLOSES, event_with

pytestmark = pytest.mark.django_db

#: The mail kinds about a table, each with its push, and the kinds without one.
PUSHED = (Kind.INVITATION, Kind.STARTED, Kind.NEW_ROUND, Kind.LAST_TO_PLAY, Kind.DEADLINE,
          Kind.FINISHED, Kind.TABLE_CLOSED, Kind.CHALLENGE, Kind.TOURNAMENT)  # fmt: skip
#: Every template of an account mail, by its prefix under templates/account/email/.
ACCOUNT_MAILS = (
    "account_already_exists", "email_changed", "email_confirm", "email_confirmation",
    "email_confirmation_signup", "email_deleted", "password_changed", "password_reset",
    "password_reset_key", "password_set", "unknown_account",
)  # fmt: skip
#: Account mails that tell of a change to the account (the time, the place and the browser).
NOTICES = ("email_changed", "email_confirm", "email_deleted", "password_changed", "password_reset",
           "password_set")  # fmt: skip

Texts = dict[str, str]


def _reader(name: str, language: str, zone: str) -> User:
    person = make_person(name, time_zone=zone)
    Profile.objects.filter(user=person).update(language=language)
    person.profile.refresh_from_db()
    return person


def _parts(name: str, subject: str, text: str, html: str, into: dict[str, Texts]) -> None:
    into[f"{name}: subject"] = {"text": subject, "nodes": subject}
    into[f"{name}: text"] = {"text": " ".join(text.split()), "nodes": text}
    into[f"{name}: HTML"] = {"text": " ".join(text_nodes(html)), "nodes": html}


def _mail(row: OutboxMessage, into: dict[str, Texts], name: str = "") -> None:
    seat = Seat.objects.filter(game=row.game, user=row.user).first() if row.game else None
    now = timezone.now()
    message = render_mail(row, seat, "reader@example.com", now)
    html = next(str(c) for c, mimetype in message.alternatives if mimetype == "text/html")
    _parts(name or str(row.kind), str(message.subject), str(message.body), html, into)
    if row.kind in PUSHED:
        _push(row, seat, into, name)


def _push(row: OutboxMessage, seat: Seat | None, into: dict[str, Texts], name: str = "") -> None:
    pushed = push_payload(row, seat, timezone.now())
    into[f"{name or row.kind}: push"] = {
        "text": f"{pushed['title']} {pushed['body']}",
        "nodes": f"{pushed['title']}\n{pushed['body']}",
    }


def _row(kind: Kind, user: User, game: Game | None = None, **fields: object) -> OutboxMessage:
    return OutboxMessage(
        kind=kind, user=user, game=game, round=game.round if game else 0, due_at=timezone.now(),
        **fields,
    )  # fmt: skip


def compose_every_kind(reader: User) -> dict[str, Texts]:
    """Each kind of mail and push about tables, as ``reader`` gets it."""
    aoife, brendan = make_person("Aoife"), make_person("Brendan")
    texts: dict[str, Texts] = {}
    forming = services.create_game(
        aoife, seats_wanted=3, round_minutes=RoundTime.ONE_DAY, is_open=False, rated=True
    )
    services.invite_player(forming.pk, aoife, reader.username)
    _mail(_row(Kind.INVITATION, reader, forming), texts)
    _mail(_row(Kind.TABLE_CLOSED, reader, forming), texts)
    table = start_table(reader, aoife, brendan, now=timezone.now())
    post_message(table.pk, aoife, "Sláinte!")
    for kind in (Kind.STARTED, Kind.LAST_TO_PLAY, Kind.DEADLINE, Kind.AUTOPILOT):
        _mail(_row(kind, reader, table), texts)
    table = finish_turns(table, random.Random(1), skip=(0,))
    services.play_overdue(table.pk, now=timezone.now() + timedelta(days=2))
    table.refresh_from_db()
    _mail(_row(Kind.NEW_ROUND, reader, table), texts, "new_round after the autopilot")
    _mail(_row(Kind.DIGEST, reader, digest_date=timezone.localdate()), texts)
    finished = play_to_end(table, random.Random(2))
    _mail(_row(Kind.FINISHED, reader, finished), texts, "finished, rating to come")
    rate_game(finished.pk)
    finished.refresh_from_db()
    _mail(_row(Kind.FINISHED, reader, finished), texts)
    _challenge(reader, texts)
    tournament = event_with([reader, aoife, brendan], table_size=3, rounds=1)
    events.begin(tournament.pk, CLOSES)
    seated = Game.objects.get(tournament=tournament)
    _mail(_row(Kind.TOURNAMENT, reader, seated), texts)
    _push(_row(Kind.DEVICE_TEST, reader), None, texts)
    return texts


def _challenge(reader: User, texts: dict[str, Texts]) -> None:
    """The week's deal, with the reader's result of the week before."""
    now = timezone.now()
    week_before = now - timedelta(days=7)
    last = entries.open_week(week_before, seed=48)
    with time_machine.travel(week_before, tick=False):
        play_to_end(entries.enter(last.pk, reader, week_before), random.Random(4))
    entries.score_week(last.pk, now)
    entries.open_week(now, seed=49)
    _mail(_row(Kind.CHALLENGE, reader), texts)


def compose_account_mail(reader: User) -> dict[str, Texts]:
    """Each account mail to ``reader``, as the site queues it."""
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.7", HTTP_USER_AGENT="Firefox")
    context = {"user": reader, "activate_url": "https://example.com/confirm/KEY/",
               "password_reset_url": "https://example.com/reset/KEY/", "key": "KEY",
               "login_url": "https://example.com/login/", "signup_url": "https://example.com/",
               "from_email": "old@example.com", "to_email": "new@example.com",
               "deleted_email": "old@example.com"}  # fmt: skip
    with request_context(request):
        adapter = AccountAdapter()
        for prefix in ACCOUNT_MAILS:
            if prefix in NOTICES:
                adapter.send_notification_mail(f"account/email/{prefix}", reader, context,
                                               email="dieter@example.com")  # fmt: skip
            else:
                adapter.send_mail(f"account/email/{prefix}", "dieter@example.com", context)
    texts: dict[str, Texts] = {}
    for prefix, row in zip(ACCOUNT_MAILS, OutboxMessage.objects.order_by("pk"), strict=True):
        _parts(f"account: {prefix}", row.subject, row.body_text, row.body_html or "", texts)
    return texts


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Entry]]:
    scratch = Path(tmp_path_factory.mktemp("fresh"))
    return {language: catalogue_for(language, scratch / language) for language in ("de", "fr")}


def _nodes(texts: dict[str, Texts]) -> dict[str, list[str]]:
    return {
        name: text_nodes(found["nodes"]) if name.endswith("HTML")
        else [" ".join(line.split()) for line in found["nodes"].splitlines() if line.strip()]
        for name, found in texts.items()
    }  # fmt: skip


def _assert_none_english(texts: dict[str, Texts], catalogue: dict[str, Entry], who: str) -> None:
    left = sentences_left({name: found["text"] for name, found in texts.items()}, catalogue)
    unmarked = unmarked_left(_nodes(texts), catalogue)
    problems = [report(f"English left in {who}", left)] if left else []
    if unmarked:
        problems.append(report(f"Unmarked English in {who}", unmarked))
    assert not problems, "\n".join(problems)


def test_no_english_in_any_mail_or_push_to_a_german_player(
    catalogues: dict[str, dict[str, Entry]],
) -> None:
    dieter = _reader("Dieter", "de", "Europe/Berlin")
    texts = compose_every_kind(dieter)
    assert {name.split(":")[0].split(",")[0].split(" ")[0] for name in texts} >= {
        str(kind) for kind in Kind if kind != Kind.ACCOUNT
    }
    _assert_none_english(texts, catalogues["de"], "Dieter's mail")
    foreign = {name: FOREIGN_DAY.findall(found["text"]) for name, found in texts.items()}
    assert not any(foreign.values()), f"days in another language's order: {foreign}"


def test_no_english_in_the_account_mail_of_a_german_player(
    catalogues: dict[str, dict[str, Entry]],
) -> None:
    texts = compose_account_mail(_reader("Dieter", "de", "Europe/Berlin"))
    _assert_none_english(texts, catalogues["de"], "Dieter's account mail")
    times = [found["text"] for name, found in texts.items() if "Zeit: " in found["text"]]
    assert times and all(GERMAN_DAY.search(text) for text in times)  # "Zeit: 2. Dezember 2026"


def test_no_english_in_a_french_players_end_of_game_mail(
    catalogues: dict[str, dict[str, Entry]],
) -> None:
    francine = _reader("Francine", "fr", "Europe/Paris")
    aoife = make_person("Aoife")
    finished = play_to_end(start_table(francine, aoife, now=timezone.now()), random.Random(5))
    rate_game(finished.pk)
    finished.refresh_from_db()
    texts: dict[str, Texts] = {}
    _mail(_row(Kind.FINISHED, francine, finished), texts)
    _assert_none_english(texts, catalogues["fr"], "Francine's mail")
