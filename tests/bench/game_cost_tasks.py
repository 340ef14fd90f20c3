"""Loaded into the Celery worker of ``bench_game_cost`` (``--include``): after each task, one log
line with the task's name and the CPU time the worker process spent on it, so the bench can
split the worker's time by kind of work.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import Task
from celery.signals import task_postrun, task_prerun

logger = logging.getLogger(__name__)
_started: dict[str, float] = {}

#: What each line starts with; the bench reads ``task-cpu <name> <seconds>``.
MARK = "task-cpu"


@task_prerun.connect
def _before(task_id: str, task: Task, **_: Any) -> None:
    _started[task_id] = time.process_time()


@task_postrun.connect
def _after(task_id: str, task: Task, **_: Any) -> None:
    spent = time.process_time() - _started.pop(task_id, time.process_time())
    logger.warning("%s %s %.6f", MARK, task.name, spent)
