"""The site's URLs plus ``/bench/trivial``: the cheapest Django view, the yardstick of ratios."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from tipperary_site.urls import urlpatterns as site_urlpatterns


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench/trivial", trivial), *site_urlpatterns]
