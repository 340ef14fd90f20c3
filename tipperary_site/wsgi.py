"""WSGI entry point (gunicorn ``tipperary_site.wsgi``)."""

import gc
import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tipperary_site.settings")

application = get_wsgi_application()

# The cycle collector looks at young objects less often: a request leaves few cycles behind.
gc.set_threshold(settings.GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
