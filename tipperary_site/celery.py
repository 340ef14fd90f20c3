"""The Celery application: configured from Django settings (``CELERY_*``), tasks found per app."""

from __future__ import annotations

import os

from celery import Celery

from tipperary_site.request_id import follow_requests_into_tasks

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tipperary_site.settings")

app = Celery("tipperary_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
follow_requests_into_tasks()
