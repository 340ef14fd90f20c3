"""The site in German, French and Spanish in Chromium: a whole turn with a refusal, a sign-up and
its mail, a replay and its history, a mail caused by a player of another language, and the
footer's switch with and without JavaScript.

Every expected word is the catalogue's, looked up with gettext in that language, and checked to
differ from the English: a page that fell back to English fails.
"""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation
from django.utils.translation import pgettext
from playwright.sync_api import Browser, expect
from pytest_django.fixtures import Settings as SettingsWrapper

import engine
from games import services
from games.engine_bridge import load_state
from games.history.moves import tell_game
from games.models import Game, Seat
from games.notifications.write import SEND_TASK
from games.words import refusal_words
from tests.browser.languages import signed_in, speaking, words
from tests.browser.playing import (
    MOVES,
    SEED,
    act,
    late_game,
    line_up,
    play_follow_ups,
    play_my_turn,
)
from tests.conftest import make_person
from tests.fixtures.smtp import Sink
from tests.fixtures.worker import OwnQueues, Worker, database_url, start_worker
from tests.games.playing import finish_turns, play_to_end
from tipperary_site.enqueue import enqueue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_turn_in_german_with_a_refusal_in_the_engines_words(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    game, ann = late_game()
    page = signed_in(browser, base, ann, locale="de-DE")
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")

    # A tile sent onto the hometown: the engine refuses, the page says why in German.
    slot = line_up(page).split()[0]
    notation = f"{slot} o0 0,0"
    seat = Seat.objects.get(game=game, user=ann).position
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(load_state(game), seat, engine.parse_action(notation))
    with translation.override("de"):
        german = refusal_words(refused.value)
    with translation.override("en"):
        assert german != refusal_words(refused.value)
    page.locator("#turn form.confirm").evaluate(
        f"form => {{ form.notation.value = '{notation}'; form.requestSubmit(); }}"
    )
    error = page.locator("#turn-error")
    expect(error).to_contain_text(german)
    expect(error).to_be_focused()

    # The tile where the page shows it, then its sheep, then the turn is done.
    page.goto(f"{base}/games/{game.pk}/")
    line_up(page)
    act(page, page.locator("#ctl-confirm").click)
    expect(page.locator("#turn-title")).to_have_text(words("de", "Place your sheep"))
    play_follow_ups(page)
    expect(page.locator("#turn #waiting")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_a_newcomer_signs_up_in_french_and_is_mailed_in_french(
    browser: Browser, live_server: object, settings: SettingsWrapper, smtp_sink: Sink
) -> None:
    settings.SITE_URL = base = str(live_server)
    page = signed_in(browser, base, None, locale="fr-FR")
    page.goto(f"{base}/accounts/signup/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_text(words("fr", "Sign up"))
    page.get_by_label(words("fr", "Display name")).fill("Francine")
    page.get_by_label(words("fr", "E-mail address")).fill("francine@example.com")
    page.get_by_label(words("fr", "Password"), exact=True).fill("Tourbe-et-bruyere-42")
    page.get_by_label(words("fr", "Password again")).fill("Tourbe-et-bruyere-42")
    page.get_by_role("button", name=words("fr", "Sign up")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words("fr", "Check your e-mail"))

    [message] = smtp_sink.wait_for(1)
    assert str(message["Subject"]).endswith(
        words("fr", "Confirm your e-mail address to start playing")
    )
    text = Sink.text_of(message)
    assert words("fr", "Welcome to Tipperary, %(name)s!", name="Francine") in text
    assert (
        words("fr", "To confirm this is your e-mail address and finish signing up, open this link:")
        in text
    )
    link = re.search(r"https?://\S+", text)
    assert link and link.group(0).startswith(base)

    page.goto(link.group(0))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        words("fr", "Confirm your e-mail address")
    )
    confirm = words("fr", "Confirm %(email)s", email="francine@example.com")
    page.get_by_role("button", name=confirm).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words("fr", "Your games"))


def test_a_finished_games_replay_and_history_read_in_spanish(
    browser: Browser, live_server: object
) -> None:
    base = str(live_server)
    ann, bob = make_person("Ann"), make_person("Bob")
    game = services.create_game(ann, seats_wanted=2, round_minutes=1440, is_open=True, rated=False)
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    game = play_to_end(services.join_game(game.pk, bob), random.Random(MOVES))
    seats = list(Seat.objects.filter(game=game).select_related("user__profile"))
    names = {seat.position: seat.name for seat in seats}
    me = next(seat.position for seat in seats if seat.user == ann)
    with translation.override("es"):
        told = tell_game(game, names, me)
    with translation.override("en"):
        english = tell_game(game, names, me)
    first = next(m for m in told.moves if m.round == 1 and m.step == 1)
    assert first.text != next(m for m in english.moves if m.seq == first.seq).text

    page = signed_in(browser, base, ann, locale="es-ES")
    page.goto(f"{base}/games/{game.pk}/replay/?round=1&step=1")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#replay-move")).to_contain_text(first.text)
    expect(page.locator("#replay-prev")).to_contain_text(words("es", "Previous"))
    expect(page.locator("#replay-next")).to_contain_text(words("es", "Next"))
    expect(page.get_by_role("slider", name=words("es", "Step"))).to_have_value("1")
    expect(page.get_by_role("button", name=words("es", "Show"))).to_be_visible()
    expect(page.get_by_role("link", name=words("es", "History in words"))).to_be_visible()

    page.get_by_role("link", name=words("es", "History in words")).click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    for move in told.moves[:6]:
        expect(page.get_by_role("link", name=move.text, exact=True).first).to_be_visible()


@pytest.fixture
def mail_worker(
    own_workers: list[Worker], own_queues: OwnQueues, settings: SettingsWrapper, smtp_sink: Sink
) -> Worker:
    """A real worker for the test's own game and mail queues, mailing through the test's SMTP
    sink; "your turn" mail is due at once (no grace for someone still at the table)."""
    worker = start_worker(
        database_url(),
        own_queues.names,
        env={
            **own_queues.env,
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(settings.EMAIL_PORT),
            "NOTIFY_TURN_GRACE_MINUTES": "0",
        },
    )
    own_workers.append(worker)
    return worker


def test_a_german_players_move_mails_the_french_player_in_french(
    browser: Browser, live_server: object, mail_worker: Worker, smtp_sink: Sink
) -> None:
    base = str(live_server)
    dieter = speaking(make_person("Dieter"), "de")
    francine = speaking(make_person("Francine"), "fr")
    game = services.create_game(
        dieter, seats_wanted=2, round_minutes=1440, is_open=True, rated=False
    )
    Game.objects.filter(pk=game.pk).update(seed=SEED)
    game = services.join_game(game.pk, francine)
    german = Seat.objects.get(game=game, user=dieter).position
    game = finish_turns(game, random.Random(MOVES), skip=(german,))  # Francine has played

    # Dieter's browser asks for nothing: his saved language speaks.
    page = signed_in(browser, base, dieter)
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    mark = len(mail_worker.lines)
    play_my_turn(page)  # the last move of round 1: the worker ends the round
    mail_worker.wait_for_line(r"Task games\.advance_round\[.*\] succeeded", after=mark)
    game.refresh_from_db()
    assert game.round == 2

    mark = len(mail_worker.lines)
    enqueue(SEND_TASK)  # as the minute's run would
    mail_worker.wait_for_line(r"Task games\.send_mail\[.*\] succeeded", after=mark)
    [message] = [m for m in smtp_sink.messages if francine.email in str(m["To"])]
    values = {"game": "", "round": 2, "rounds_total": 12}
    with translation.override("fr"):
        values["game"] = str(game)
    subject = words("fr", "Your turn at %(game)s: round %(round)s of %(rounds_total)s", **values)
    assert str(message["Subject"]).endswith(subject)
    text = Sink.text_of(message)
    assert words("fr", "Round %(round)s of %(rounds_total)s has begun at %(game)s.", **values) in (
        text
    )
    assert words("fr", "It's your turn.") in text


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_footer_switch_turns_the_page_german(
    browser: Browser, live_server: object, javascript: bool
) -> None:
    base = str(live_server)
    page = signed_in(browser, base, None, javascript=javascript)
    page.goto(f"{base}/rules/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_label("Language").select_option(label="Deutsch")
    page.get_by_role("button", name="Change").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_url(f"{base}/rules/")
    with translation.override("de"):
        change = pgettext("a button: switch to the chosen language", "Change")
    assert change != "Change"
    expect(page.get_by_role("button", name=change)).to_be_visible()
    expect(page.get_by_label(words("de", "Language"))).to_have_value("de")
