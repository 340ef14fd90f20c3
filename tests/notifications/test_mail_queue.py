"""Mail has a queue of its own: a slow mail server never holds up a round's end."""

from __future__ import annotations

from django.conf import settings

from tipperary_site.celery import app as celery_app


def _queue_of(task: str) -> str:
    return str(celery_app.amqp.router.route({}, task)["queue"].name)


def test_mail_tasks_go_to_the_mail_queue_and_game_work_to_its_own() -> None:
    assert settings.CELERY_MAIL_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
    for task in ("games.notifications", "games.send_mail"):
        assert _queue_of(task) == settings.CELERY_MAIL_QUEUE
    for task in ("games.advance_round", "games.play_waiting_seats", "games.sweep_deadlines"):
        assert _queue_of(task) == settings.CELERY_TASK_DEFAULT_QUEUE


def test_a_worker_started_without_queues_takes_both() -> None:
    names = {queue.name for queue in celery_app.conf.task_queues}
    assert names == {settings.CELERY_TASK_DEFAULT_QUEUE, settings.CELERY_MAIL_QUEUE}
