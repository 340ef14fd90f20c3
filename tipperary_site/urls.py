"""The site's URLs."""

from django.contrib import admin
from django.urls import include, path

from games.views.rules import rules_page
from tipperary_site import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("rules/", rules_page, name="rules"),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("", include("games.ratings.urls")),
    path("admin/", admin.site.urls),
]

# allauth answers a request over its rate limits with this view (status 429).
handler429 = "accounts.views.too_many_requests"
