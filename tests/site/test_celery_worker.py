"""A real worker consumes tasks enqueued with delay_on_commit, and only after a commit."""

import uuid

import pytest
import redis
from django.conf import settings
from django.db import transaction

from tests.fixtures.worker import Worker
from tests.fixtures.worker_tasks import push_marker


class Rollback(Exception):
    pass


@pytest.mark.django_db(transaction=True)
def test_it_runs_a_committed_task_and_never_a_rolled_back_one(celery_worker: Worker) -> None:
    key = f"test-marker-{uuid.uuid4()}"
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)

    with pytest.raises(Rollback), transaction.atomic():
        push_marker.delay_on_commit(key, "rolled back")
        raise Rollback

    with transaction.atomic():
        push_marker.delay_on_commit(key, "committed")

    # The worker takes tasks in order, so a rolled-back task, had it been sent, would land first.
    popped = broker.blpop([key], timeout=30)
    assert popped is not None, "the worker never ran the task:\n" + "".join(celery_worker.lines)
    assert popped[1] == b"committed"
    assert broker.llen(key) == 0
    broker.delete(key)
