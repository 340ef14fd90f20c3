"""The leaderboard's URL."""

from django.urls import path

from games.ratings import views

app_name = "ratings"

urlpatterns = [path("leaderboard/", views.leaderboard, name="leaderboard")]
