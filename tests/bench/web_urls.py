"""The site's URLs plus ``/bench/trivial``: the cheapest Django view, the yardstick of ratios.

The process runs with plain functions (tests.bench.plain) or cold caches (tests.bench.cold) when
its environment asks for them.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from tests.bench import cold
from tests.bench.plain import install
from tipperary_site.urls import urlpatterns as site_urlpatterns


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


install()  # the plain functions this process was asked to run with, if any
cold.install()  # the caches it was asked to miss, if any
urlpatterns = [path("bench/trivial", trivial), *site_urlpatterns]
