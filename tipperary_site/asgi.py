"""ASGI entry point: the stream process (``uvicorn tipperary_site.asgi:application``, the
Procfile's ``stream``) serves the live pages' event streams (``games.streams.views``); every
other page is gunicorn's (``tipperary_site.wsgi``), and a proxy sends each path to its process
(README, "Live pages")."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tipperary_site.settings")

application = get_asgi_application()
