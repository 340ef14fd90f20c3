"""The installable site: its manifest, its service worker at the root scope, its offline page.

The service worker is a template (``templates/push/service_worker.js``) so it can name the
static files it keeps for the offline page by their hashed names; it is served at ``/sw.js`` so
its scope is the whole site. Neither is cached by the browser's HTTP cache (an update must reach
the next visit), and both fall under the site's Content-Security-Policy like every page.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from accounts.middleware import browser_language

#: The colours of the header (theme) and of the page behind it (background), as site.css has them.
THEME_COLOUR = "#1f4d3a"
BACKGROUND_COLOUR = "#f7f3e8"


@require_GET
@cache_control(no_cache=True, max_age=0)
def manifest(request: HttpRequest) -> JsonResponse:
    """``/manifest.webmanifest``: what a phone needs to put the site on its home screen."""
    icons = [
        {"src": static("img/app/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/app/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("img/app/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("img/app/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    document = {
        "id": "/",
        "name": "Tipperary",
        "short_name": "Tipperary",
        "description": _(
            "Play Tipperary, the tile-laying board game, with friends at your own pace."
        ),
        "lang": get_language(),
        "start_url": reverse("games:mine"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    return JsonResponse(document, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True, max_age=0)
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: shows pushes, keeps the offline page, never keeps a game page."""
    site = {
        "offline": reverse("push:offline"),
        "keep": [
            static("css/site.css"),
            static("img/favicon.svg"),
            static("img/app/icon-192.png"),
            static("img/app/badge-96.png"),
        ],
        "icon": static("img/app/icon-192.png"),
        "badge": static("img/app/badge-96.png"),
    }
    return TemplateResponse(
        request,
        "push/service_worker.js",
        {"site": json.dumps(site)},
        content_type="text/javascript; charset=utf-8",
    )


@browser_language  # the same page for everyone: the person is not read for their language
@require_GET
def offline(request: HttpRequest) -> TemplateResponse:
    """What the installed site shows when the network is gone (the service worker keeps it)."""
    return TemplateResponse(request, "push/offline.html")
