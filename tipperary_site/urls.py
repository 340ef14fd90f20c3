"""The site's URLs."""

from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from games.views.rules import rules_page
from tipperary_site import health, views

# The admin has no log-in form of its own: staff log in through the site's, which counts attempts
# (ACCOUNT_RATE_LIMITS) and needs a confirmed address; a non-staff person gets a 403.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("", views.home, name="home"),
    path("livez", health.livez, name="livez"),
    path("readyz", health.readyz, name="readyz"),
    path("healthz", health.healthz, name="healthz"),
    path("rules/", rules_page, name="rules"),
    path("jsi18n/<str:language>/", views.javascript_words, name="jsi18n"),
    path("learn/", include("games.learn.urls")),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("challenge/", include("games.challenge.urls")),
    path("tournaments/", include("games.tournaments.urls")),
    path("", include("games.ratings.urls")),
    path("", include("games.notifications.push.urls")),
    path("admin/", admin.site.urls),
]

# allauth answers a request over its rate limits with this view (status 429).
handler429 = "accounts.views.too_many_requests"
