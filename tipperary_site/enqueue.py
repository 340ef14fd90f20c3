"""Work for the worker, sent by task name once the current transaction commits.

Tasks are looked up by name in the Celery app's registry, so nothing that enqueues imports a
tasks module. A broker that does not answer is logged and never fails the request or the change
that committed: the periodic sweeps find the work again.

Each task carries the id of the request (or task) that sent it, so its log lines can be found
with the request's (tipperary_site.request_id).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

from tipperary_site import request_id
from tipperary_site.celery import app as celery_app

logger = logging.getLogger(__name__)


def enqueue(task_name: str, *args: object, eta: datetime | None = None) -> None:
    """Send the task called ``task_name`` with ``args`` once the current transaction commits,
    to run at once or, given ``eta``, not before that moment."""
    # Read now: the commit may run the callback after the request's id is gone (a test's
    # captured callbacks, or a transaction closed by an outer block).
    headers = {request_id.TASK_HEADER: request_id.current() or request_id.new_id()}

    def send() -> None:
        try:
            celery_app.tasks[task_name].apply_async(args=args, headers=headers, eta=eta)
        except Exception:
            logger.exception("could not enqueue %s%r; the sweeps will pick it up", task_name, args)

    transaction.on_commit(send)
