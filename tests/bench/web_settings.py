"""Settings for the web benchmark: the site's own, plus a trivial view to compare against."""

from tipperary_site.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.web_urls"

# Chromium loads the page's scripts too; serve them from the source folders, no collectstatic.
WHITENOISE_USE_FINDERS = True
