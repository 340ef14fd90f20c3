"""Settings for the web benchmark: the site's own, plus a trivial view to compare against.

``BENCH_PLAIN`` names speed overrides to run without (tests.bench.plain): their settings here,
their functions in ``web_urls``.
"""

import os

from tests.bench.plain import plain
from tipperary_site.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.web_urls"

# Chromium loads the page's scripts too; serve them from the source folders, no collectstatic.
WHITENOISE_USE_FINDERS = True

_PLAIN = plain()
# Each variant its own pages in the cache: a plain one stores them otherwise. A run that must
# start with nothing drawn (bench_game_cost) names a prefix of its own in BENCH_CACHE_PREFIX.
CACHES["default"]["KEY_PREFIX"] = os.environ.get("BENCH_CACHE_PREFIX", "") + (  # noqa: F405
    "-".join(sorted(_PLAIN)) or "site"
)
if "poll_first" in _PLAIN:
    # The unchanged poll answered last, where a view answers it: after every other middleware.
    _POLL_FIRST = "games.views.unchanged_poll.UnchangedPollMiddleware"
    MIDDLEWARE = [m for m in MIDDLEWARE if m != _POLL_FIRST] + [_POLL_FIRST]  # noqa: F405
if "get_user" in _PLAIN:
    AUTHENTICATION_BACKENDS = [
        "django.contrib.auth.backends.ModelBackend",
        "allauth.account.auth_backends.AuthenticationBackend",
    ]
if "prepared" in _PLAIN:
    # Every statement planned anew, its parameters bound in the client: Django's default.
    for _option in ("server_side_binding", "prepare_threshold"):
        DATABASES["default"]["OPTIONS"].pop(_option, None)  # noqa: F405
if "collector" in _PLAIN:
    # A drawing's context left to the cycle collector, which looks at young objects as often
    # as Python's default has it.
    TEMPLATES[0]["BACKEND"] = "django.template.backends.django.DjangoTemplates"  # noqa: F405
    GC_YOUNG_THRESHOLD = 700
if "gzip_level" in _PLAIN:
    GZIP_LEVEL = 6  # Django's GZipMiddleware's level
