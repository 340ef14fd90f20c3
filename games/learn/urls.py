"""The tutorial's URL."""

from django.urls import path

from games.learn import views

urlpatterns = [path("", views.learn, name="learn")]
