"""The site's VAPID keys: push is on when ``VAPID_PUBLIC_KEY`` and ``VAPID_PRIVATE_KEY`` are set.

The private key is the base64url form of the raw 32-byte P-256 secret, the public key the
base64url form of its 65-byte uncompressed point (what a browser's ``applicationServerKey``
takes). ``python manage.py push_keys`` prints a new pair; ``make run`` writes one once into
``var/`` and hands it to the site through the environment.
"""

from __future__ import annotations

import base64
import functools
import time

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid

#: How long the signed VAPID token is good for; push services refuse more than a day.
TOKEN_SECONDS = 12 * 3600


def b64url(data: bytes) -> str:
    """Base64url without padding, as the Push API and VAPID write keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def push_enabled() -> bool:
    """Whether the site sends push at all (both keys are configured)."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def new_keys() -> tuple[str, str]:
    """A fresh (private, public) pair, each in base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(private), b64url(public)


@functools.cache
def _signer(private_key: str) -> Vapid:
    return Vapid.from_string(private_key=private_key)


def vapid_headers(endpoint_origin: str, *, now: float | None = None) -> dict[str, str]:
    """The ``Authorization: vapid t=…, k=…`` header for a push service at ``endpoint_origin``."""
    claims = {
        "sub": settings.VAPID_SUBJECT,
        "aud": endpoint_origin,
        "exp": int((now if now is not None else time.time()) + TOKEN_SECONDS),
    }
    headers: dict[str, str] = _signer(settings.VAPID_PRIVATE_KEY).sign(claims)
    return headers
