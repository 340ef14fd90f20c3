"""The Tipperary site project: settings, URLs, Celery and the WSGI/ASGI entry points."""

from tipperary_site.celery import app as celery_app

__all__ = ["celery_app"]
