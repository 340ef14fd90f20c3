"""Site-wide pages that belong to no app."""

from django.conf import settings
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.template.response import TemplateResponse
from django.utils import translation
from django.views.decorators.cache import cache_page
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog

#: How long a language's catalog of the JavaScript's words is kept, by the server and browsers
#: (a deploy with new words reaches every page within it).
WORDS_SECONDS = 3600


def home(request: HttpRequest) -> TemplateResponse:
    """The front page: what the site is and how a game works; a player also finds their tables."""
    return TemplateResponse(request, "home.html")


@require_GET
@cache_page(WORDS_SECONDS)
def javascript_words(request: HttpRequest, language: str) -> HttpResponseBase:
    """``/jsi18n/<language>/``: the words the site's JavaScript shows, in one language, as
    Django's catalog script (``gettext``, ``ngettext``, ``interpolate``). The language is in the
    address, not read from the request, so each copy is the same for everyone and caches."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    with translation.override(language):
        # The site's own words only (LOCALE_PATHS, and the games app's), not every app's.
        return JavaScriptCatalog.as_view(packages=["games"])(request)
