"""Settings pages and the language switch (allauth's own pages live under /accounts/; player
pages are the ratings')."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("settings/", views.profile_settings, name="settings"),
    path("settings/notifications/", views.notification_settings, name="notifications"),
    path("settings/vacation/", views.vacation_settings, name="vacation"),
    path("settings/delete/", views.delete_account, name="delete"),
    path("language/", views.set_language, name="language"),
]
