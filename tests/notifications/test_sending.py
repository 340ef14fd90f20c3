"""The sender, against a real SMTP server: what a mail holds, and who gets one."""

from __future__ import annotations

import itertools
import random
from datetime import timedelta

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.utils import timezone
from pytest_django.fixtures import Settings as SettingsWrapper

from accounts.models import Profile
from games import services
from games.engine_bridge import load_state
from games.models import Game
from games.models.outbox import Kind, Status
from games.notifications.send import resting_until, send_due_messages
from games.notifications.write import notify_autopilot
from tests.conftest import make_person
from tests.fixtures.smtp import Sink
from tests.games.playing import any_legal_action, step_of
from tests.notifications.conftest import T0, T1, play_to_the_end, rows

SITE = "http://testserver.example"


def _play_once(game: Game, user: User) -> None:
    game.refresh_from_db()
    position = game.seats.get(user=user).position
    notation = any_legal_action(load_state(game), position, random.Random(5))
    assert notation is not None
    services.submit_action(game.pk, user, notation, step_of(game, user), now=T0)


def test_a_turn_mail_has_both_parts_a_link_to_the_table_and_one_click_unsubscribe(
    started: Game, smtp_sink: Sink, settings: SettingsWrapper
) -> None:
    settings.SITE_URL = SITE
    report = send_due_messages(now=T1)
    assert report.sent == 2
    mail = next(m for m in smtp_sink.wait_for(2) if m["To"] == "aoife@example.com")
    assert mail["Subject"] == f"{started} has started: your turn"
    assert str(mail["List-Unsubscribe"]).strip().startswith(f"<{SITE}/games/unsubscribe/")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text, html = Sink.text_of(mail), Sink.html_of(mail)
    table = f"{SITE}/games/{started.pk}/"
    settings_page = f"{SITE}/settings/notifications/"
    for part in (text, html):
        assert table in part and settings_page in part
        assert "Your two tiles on offer" in part and "Your county" in part
    # The county and the tiles are drawn with table cells and inline colours, never SVG.
    assert "<svg" not in html and 'style="width:24px;height:24px;background:#' in html
    assert "Tile 1:" in text and "Tile 2:" in text and "  T  T" in text  # the hometown


def test_a_turn_mail_waits_a_few_minutes_for_players_still_at_the_table(
    started: Game, smtp_sink: Sink
) -> None:
    assert send_due_messages(now=T0 + timedelta(minutes=4)).sent == 0
    assert send_due_messages(now=T1).sent == 2


def test_each_row_is_sent_once(started: Game, smtp_sink: Sink) -> None:
    assert send_due_messages(now=T1).sent == 2
    assert send_due_messages(now=T0 + timedelta(days=1)).sent == 0
    assert len(smtp_sink.wait_for(2)) == 2
    assert {r.status for r in rows()} == {Status.SENT}


def test_it_never_mails_about_a_round_the_person_already_finished(
    started: Game, host: User, smtp_sink: Sink
) -> None:
    _play_once(started, host)
    report = send_due_messages(now=T1)
    assert (report.sent, report.dropped) == (1, 1)
    assert [m["To"] for m in smtp_sink.wait_for(1)] == ["brendan@example.com"]
    dropped = next(r for r in rows() if r.user == host)
    assert (dropped.status, dropped.note) == (
        Status.DROPPED,
        "the seat no longer has to play that round",
    )


def test_it_sends_nothing_to_an_unverified_address(host: User, smtp_sink: Sink) -> None:
    from tests.notifications.conftest import start_table

    newcomer = make_person("Ciara")
    EmailAddress.objects.filter(user=newcomer).update(verified=False)
    start_table(host, newcomer)
    send_due_messages(now=T1)
    assert [m["To"] for m in smtp_sink.wait_for(1)] == ["aoife@example.com"]
    assert next(r for r in rows() if r.user == newcomer).note == "no verified e-mail address"


def test_a_deleted_account_takes_its_mail_with_it(
    started: Game, player: User, smtp_sink: Sink
) -> None:
    player.delete()
    assert send_due_messages(now=T1).sent == 1
    assert [m["To"] for m in smtp_sink.wait_for(1)] == ["aoife@example.com"]


def test_settings_changed_after_the_event_are_respected_at_send_time(
    started: Game, player: User, smtp_sink: Sink
) -> None:
    Profile.objects.filter(user=player).update(notify_new_round=False)
    assert send_due_messages(now=T1).sent == 1
    assert [m["To"] for m in smtp_sink.wait_for(1)] == ["aoife@example.com"]


def test_one_refused_address_does_not_hold_up_the_others(
    started: Game, picky_sink: Sink, player: User
) -> None:
    picky_sink.refused.add("aoife@example.com")  # type: ignore[attr-defined]
    report = send_due_messages(now=T1)
    assert (report.sent, report.retried) == (1, 1)
    assert [m["To"] for m in picky_sink.wait_for(1)] == ["brendan@example.com"]


def test_an_unreachable_server_stops_the_run_and_every_row_waits_untouched_then_goes_out_once(
    started: Game, smtp_sink: Sink, settings: SettingsWrapper
) -> None:
    port = settings.EMAIL_PORT
    settings.EMAIL_PORT = 1  # nothing listens there: the connection is refused
    report = send_due_messages(now=T1)
    assert report.server_unreachable and (report.sent, report.retried) == (0, 0)
    # The outage is not the mails' fault: no try is counted, nothing is ever given up.
    assert [(r.status, r.attempts, r.due_at) for r in rows()] == [(Status.PENDING, 0, T1)] * 2
    settings.EMAIL_PORT = port
    assert send_due_messages(now=T1 + timedelta(seconds=59)).server_unreachable  # resting
    assert send_due_messages(now=T1 + timedelta(minutes=1)).sent == 2
    assert send_due_messages(now=T1 + timedelta(hours=1)).sent == 0
    assert len(smtp_sink.wait_for(2)) == 2


def test_the_sender_rests_longer_after_each_failed_try_and_keeps_the_mail_for_days(
    started: Game, settings: SettingsWrapper
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 1
    moment, tries = T1, []
    while moment < T1 + timedelta(days=3):
        assert send_due_messages(now=moment).server_unreachable
        tries.append(moment)
        next_try = resting_until(moment)
        assert next_try is not None
        moment = next_try
    gaps = [int((b - a).total_seconds() // 60) for a, b in itertools.pairwise(tries)]
    assert gaps[:6] == [1, 2, 4, 8, 16, 30] and set(gaps[6:]) == {30}
    assert {(r.status, r.attempts) for r in rows()} == {(Status.PENDING, 0)}


def test_it_gives_up_a_refused_mail_after_the_last_attempt(
    started: Game, picky_sink: Sink, settings: SettingsWrapper
) -> None:
    picky_sink.refused.add("aoife@example.com")  # type: ignore[attr-defined]
    settings.NOTIFY_MAX_ATTEMPTS = 2
    send_due_messages(now=T1)
    report = send_due_messages(now=T0 + timedelta(hours=1))
    assert report.failed == 1
    assert [r.status for r in rows()] == [Status.FAILED, Status.SENT]


def test_the_result_mail_gives_rank_score_winner_and_the_final_page(
    started: Game, host: User, player: User, smtp_sink: Sink, settings: SettingsWrapper
) -> None:
    game = play_to_the_end(started)
    send_due_messages(now=timezone.now() + timedelta(days=30))  # the game ends on today's clock
    finished = [m for m in smtp_sink.messages if "is over" in m["Subject"]]
    assert len(finished) == 2
    seats = {s.user: s for s in game.seats.all()}
    winner = next(s for s in seats.values() if s.rank == 1)
    for mail in finished:
        mine = seats[host if mail["To"] == "aoife@example.com" else player]
        total = mine.score["total"] if mine.score else 0
        assert f"with {total} points" in mail["Subject"]
        text = Sink.text_of(mail)
        assert f"Winner: {winner.name}." in text or "Winners:" in text
        assert f"/games/{game.pk}/" in text and f"{total}" in Sink.html_of(mail)
        # Each player's name in the standings links to their page on the site.
        for name in ("Aoife", "Brendan"):
            assert f'href="{settings.SITE_URL}/players/{name}/">{name}</a>' in Sink.html_of(mail)


def test_the_autopilot_mail_says_which_round_it_played(
    started: Game, player: User, smtp_sink: Sink
) -> None:
    notify_autopilot(started, started.seats.get(user=player), 1, now=T0)
    send_due_messages(now=T1)
    mail = next(m for m in smtp_sink.wait_for(3) if m["Subject"].startswith("The autopilot"))
    assert mail["Subject"] == f"The autopilot played round 1 for you at {started}"
    assert mail["To"] == "brendan@example.com"


def test_an_invitation_mail_names_the_host_and_links_to_the_table(
    host: User, smtp_sink: Sink
) -> None:
    make_person("Ciara")
    game = services.create_game(host, seats_wanted=3, round_minutes=1440, is_open=False, rated=True)
    services.invite_player(game.pk, host, "Ciara")
    send_due_messages()
    (mail,) = smtp_sink.wait_for(1)
    assert mail["Subject"] == f"Aoife invites you to {game}"
    assert f"/games/{game.pk}/" in Sink.text_of(mail)
    assert [r.kind for r in rows()] == [Kind.INVITATION]
