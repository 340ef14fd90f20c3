"""The weekly challenge's URLs."""

from django.urls import path

from games.challenge import views

app_name = "challenge"

urlpatterns = [
    path("", views.this_week, name="this_week"),
    path("<str:week>/", views.week, name="week"),
    path("<str:week>/play/", views.play, name="play"),
    path("<str:week>/side-by-side/", views.side_by_side, name="side_by_side"),
]
