"""The leaderboard's and the player pages' URLs."""

from django.urls import path

from games.ratings import views

app_name = "ratings"

urlpatterns = [
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("players/<str:name>/", views.player, name="player"),
]
