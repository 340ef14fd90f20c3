"""A person's devices that take web push: one row per browser that subscribed.

The endpoint is the push service's address for that browser (a secret capability URL); ``p256dh``
and ``auth`` are the browser's keys that every payload is encrypted to (RFC 8291). A push service
answering 404 or 410 means the browser dropped the subscription: the row goes.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PushSubscription(models.Model):
    """One device of one person that receives push notifications."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    # The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url as sent.
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    # What the person sees in the device list, e.g. "Firefox on Android".
    label = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.label} of user {self.user_id}"

    def subscription_info(self) -> dict[str, object]:
        """The subscription as the Push API's ``toJSON()`` gives it (what pywebpush takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
