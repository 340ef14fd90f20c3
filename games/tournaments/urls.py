"""The tournaments' URLs."""

from django.urls import path

from games.tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournaments, name="list"),
    path("new/", views.create, name="create"),
    path("<int:pk>/", views.event, name="event"),
    path("<int:pk>/enter/", views.enter, name="enter"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw"),
]
