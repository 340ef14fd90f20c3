"""Routes of web push and of the installable site (the manifest and service worker at the root)."""

from django.urls import path

from games.notifications.push import installable, views

app_name = "push"

urlpatterns = [
    path("manifest.webmanifest", installable.manifest, name="manifest"),
    path("sw.js", installable.service_worker, name="service_worker"),
    path("offline/", installable.offline, name="offline"),
    path("settings/devices/", views.device_list, name="devices"),
    path("settings/devices/<int:pk>/test/", views.test, name="test"),
    path("settings/devices/<int:pk>/remove/", views.remove, name="remove"),
    path("push/subscribe/", views.subscribe, name="subscribe"),
    path("push/unsubscribe/", views.unsubscribe, name="unsubscribe"),
]
