"""The one writer of reviews: asked for by a seat's own person, computed once by the worker.

:func:`ask_for_review` keeps one review per seat (asking again changes nothing) and enqueues
``games.review_game`` after the commit. :func:`run_review` claims the review with a conditional
``UPDATE`` (so two deliveries never both run it), then judges the seat's decisions one by one,
saving each with the progress, and finally the accuracy. A run the worker lost (still
``running`` after :data:`STALE_AFTER`) may be claimed again, and starts over: the periodic
:func:`resume_reviews` sends those, and reviews whose message was lost, to the worker again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from engine.bots import review as expert_review
from games.engine_bridge import log_moves
from games.models import Game, Review, ReviewedDecision, ReviewStatus, Seat, SeatKind
from games.review.eligible import reviewable
from tipperary_site.enqueue import enqueue

#: how long a review may stay ``running`` before it is taken for lost and run again
STALE_AFTER = timedelta(minutes=15)
#: how long a review may wait for the worker before its message is taken for lost
LOST_AFTER = timedelta(minutes=2)


class ReviewRefused(ValueError):
    """A review that may not be asked for; the message says why."""


@dataclass(frozen=True)
class Asked:
    review: Review
    created: bool


def ask_for_review(game: Game, seat: Seat | None, now: datetime) -> Asked:
    """The review of ``seat`` (the asking person's own), created and enqueued if it is new."""
    if not reviewable(game, now):
        raise ReviewRefused(_("A game is reviewed once it is over."))
    if seat is None or seat.kind != SeatKind.PERSON:
        raise ReviewRefused(
            _("Only the players of this table may ask for the review of their game.")
        )
    existing = Review.objects.filter(game=game, position=seat.position).first()
    if existing is not None:
        return Asked(existing, False)
    try:
        with transaction.atomic():
            review = Review.objects.create(game=game, position=seat.position, seed=game.seed)
    except IntegrityError:  # asked twice at once: the other request made it
        return Asked(Review.objects.get(game=game, position=seat.position), False)
    enqueue("games.review_game", review.pk)
    return Asked(review, True)


def _waiting(now: datetime) -> Q:
    """Reviews the worker should be running but may never have heard of, or lost."""
    return Q(status=ReviewStatus.QUEUED, created_at__lt=now - LOST_AFTER) | Q(
        status=ReviewStatus.RUNNING, started_at__lt=now - STALE_AFTER
    )


def resume_reviews(now: datetime) -> int:
    """Send every lost review to the worker again (the claim keeps a duplicate from running
    it twice); returns how many were sent."""
    ids = list(Review.objects.filter(_waiting(now)).values_list("pk", flat=True))
    for review_id in ids:
        enqueue("games.review_game", review_id)
    return len(ids)


def run_review(review_id: int, now: datetime, rollouts: int = expert_review.ROLLOUTS) -> int:
    """Compute the review if nobody else is (see the module docstring), each choice played out
    ``rollouts`` times; returns the number of decisions judged."""
    claimable = Q(status=ReviewStatus.QUEUED) | Q(
        status=ReviewStatus.RUNNING, started_at__lt=now - STALE_AFTER
    )
    claimed = Review.objects.filter(claimable, pk=review_id).update(
        status=ReviewStatus.RUNNING, started_at=now, done=0
    )
    if not claimed:
        return 0
    review = Review.objects.select_related("game").get(pk=review_id)
    game = review.game
    ReviewedDecision.objects.filter(review=review).delete()
    players = game.seats.count()
    found = list(
        expert_review.decisions(
            game.seed, players, log_moves(game), review.position, engine.Variant(game.variant)
        )
    )
    Review.objects.filter(pk=review.pk).update(total=len(found))
    losses = []
    for decision in found:
        judged = expert_review.judge(decision, review.position, review.seed, rollouts)
        losses.append(judged.loss)
        ReviewedDecision.objects.create(
            review=review,
            index=judged.index,
            round=judged.round,
            kind=judged.kind.value,
            made=str(judged.made),
            expert=str(judged.expert),
            made_points=judged.made_points,
            expert_points=judged.expert_points,
            loss=judged.loss,
            reason=judged.reason or "",
            expert_cells=[list(c) for c in judged.expert_cells],
            expert_tile=judged.expert_tile,
        )
        Review.objects.filter(pk=review.pk).update(done=F("done") + 1)
    Review.objects.filter(pk=review.pk).update(
        status=ReviewStatus.DONE,
        accuracy=expert_review.accuracy(losses),
        points_lost=sum(losses),
        finished_at=timezone.now(),
    )
    return len(found)
