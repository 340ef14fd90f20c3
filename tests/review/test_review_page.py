"""The review page: asked for once by the seat's own player, computed by the worker with its
progress shown, then a table per round and ghosts on the replay; none while anything is hidden."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from games.models import Game, Review, ReviewedDecision, ReviewStatus
from games.review.run import ask_for_review, resume_reviews, run_review
from tests.challenge.weeks import NEXT_MONDAY, TUESDAY, entry_of
from tests.games.playing import play_to_end


@pytest.fixture
def finished(started: Game) -> Game:
    return play_to_end(started, random.Random(31))


def _url(game: Game) -> str:
    return f"/games/{game.pk}/review/"


def test_a_game_in_play_has_no_review_for_anyone(
    client: Client, host: User, outsider: User, started: Game
) -> None:
    for person in (host, outsider):
        client.force_login(person)
        assert client.get(_url(started)).status_code == 404
        assert client.post(_url(started)).status_code == 404
    assert not Review.objects.exists()


@pytest.fixture
def on_tuesday() -> Iterator[None]:
    with time_machine.travel(TUESDAY, tick=False):
        yield


def test_a_challenge_entry_is_reviewed_only_once_its_week_is_over(
    client: Client, host: User, on_tuesday: None
) -> None:
    entry = entry_of(host, 13, chooser=1)
    assert entry.status == "finished"
    client.force_login(host)
    assert client.post(_url(entry)).status_code == 404
    assert "The expert’s review" not in client.get(f"/games/{entry.pk}/replay/").content.decode()
    with time_machine.travel(NEXT_MONDAY + timedelta(minutes=1), tick=False):
        assert client.post(_url(entry)).status_code == 302
        assert client.get(_url(entry)).status_code == 200
    assert Review.objects.filter(game=entry, position=0).count() == 1


def test_only_the_seat_s_own_player_may_ask_and_asking_twice_changes_nothing(
    client: Client, host: User, outsider: User, finished: Game
) -> None:
    client.force_login(outsider)
    page = client.get(_url(finished)).content.decode()
    assert "has not asked for a review" in page and "ask-review" not in page
    refused = client.post(_url(finished))
    assert refused.status_code == 403
    assert "Only the players of this table" in refused.content.decode()
    client.force_login(host)
    assert 'id="ask-review"' in client.get(_url(finished)).content.decode()
    first = client.post(_url(finished))
    again = client.post(_url(finished))
    assert first["Location"] == again["Location"] == f"{_url(finished)}?seat=0"
    assert Review.objects.get().status == ReviewStatus.QUEUED


def test_the_page_shows_progress_until_the_worker_is_done_then_the_review_and_its_ghosts(
    client: Client,
    host: User,
    finished: Game,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    client.force_login(host)
    client.post(_url(finished))
    waiting = client.get(_url(finished), headers={"HX-Request": "true", "HX-Target": "review"})
    html = waiting.content.decode()
    assert html.lstrip().startswith('<section id="review"')
    assert 'hx-trigger="every 2s"' in html and "Waiting for the worker" in html
    review = Review.objects.get()
    judged = run_review(review.pk, timezone.now(), rollouts=1)
    assert run_review(review.pk, timezone.now(), rollouts=1) == 0  # a second delivery: nothing
    review.refresh_from_db()
    rows = list(ReviewedDecision.objects.filter(review=review))
    assert review.status == ReviewStatus.DONE and review.done == review.total == judged == len(rows)
    assert sum(r.kind == "tile" for r in rows) == 12
    assert all(r.loss >= 0 and r.expert_points >= r.made_points for r in rows)
    assert all(r.loss == 0 for r in rows if r.made == r.expert)
    lost = [r for r in rows if r.loss >= 0.05]
    assert lost, "random play leaves points to the expert"
    assert review.points_lost == pytest.approx(sum(r.loss for r in rows))
    assert review.accuracy == pytest.approx(100 * sum(r.loss < 1 for r in rows) / len(rows))
    # session, user, game, seats, the review, its decisions, the log, the header's count
    with django_assert_num_queries(8):
        page = client.get(_url(finished)).content.decode()
    assert "every 2s" not in page
    assert f"{review.accuracy:.0f} %</span> accuracy" in page
    worst = max(lost, key=lambda r: r.loss)
    round_table = re.search(rf'<h3 id="round-{worst.round}">.*?</table>', page, re.S)
    assert round_table is not None
    losses = [float(x) for x in re.findall(r"−([\d.]+) points", round_table.group(0))]
    assert losses == sorted(losses, reverse=True) and losses[0] == pytest.approx(
        worst.loss, abs=0.05
    )
    # The replay at the costliest move draws the expert's spot, dashed, beside the piece placed.
    link = re.search(
        rf'<td class="review-verdict"><span class="loss">−{worst.loss:.1f} points.*?'
        r'href="(/games/\d+/replay/\?round=\d+&amp;step=\d+)">Show',
        page,
        re.S,
    )
    assert link is not None
    html = client.get(link.group(1).replace("&amp;", "&")).content.decode()
    assert 'id="replay-verdict"' in html and f"−{worst.loss:.1f} points" in html
    if worst.expert_cells:
        assert len(re.findall(r'class="overlay overlay--ghost', html)) == len(worst.expert_cells)
        assert "Dashed blue: the expert’s spot." in html


def test_a_review_whose_message_was_lost_is_sent_again_and_runs_once(
    host: User, finished: Game, django_capture_on_commit_callbacks: Any
) -> None:
    seat = finished.seats.get(position=0)
    review = ask_for_review(finished, seat, timezone.now()).review
    later = timezone.now() + timedelta(minutes=3)
    assert resume_reviews(timezone.now()) == 0  # still fresh: the worker may be busy
    with django_capture_on_commit_callbacks() as sent:
        assert resume_reviews(later) == 1
    assert len(sent) == 1
    Review.objects.filter(pk=review.pk).update(status=ReviewStatus.RUNNING, started_at=later)
    assert resume_reviews(later + timedelta(minutes=5)) == 0  # running, not yet stale
    assert resume_reviews(later + timedelta(minutes=16)) == 1  # its worker died
