"""The site's URLs plus ``/bench/trivial``: the cheapest Django view, the yardstick of ratios.

It goes through every middleware but reads neither the session nor the person: marked
``browser_language``, the saved language does not make it read who asks (as it did, unmarked,
once the site spoke four languages, which made every ratio to it look better than it was).

The process runs with plain functions (tests.bench.plain) or cold caches (tests.bench.cold) when
its environment asks for them.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from accounts.middleware import browser_language
from tests.bench import cold
from tests.bench.plain import install
from tipperary_site.urls import urlpatterns as site_urlpatterns


@browser_language
def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


install()  # the plain functions this process was asked to run with, if any
cold.install()  # the caches it was asked to miss, if any
urlpatterns = [path("bench/trivial", trivial), *site_urlpatterns]
