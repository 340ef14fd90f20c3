"""Authentication backends that read the logged-in person with one plain query.

Every request of a logged-in person reads them (``request.user``), on the busiest pages before
anything else; the ORM spends more time composing that query than the database answering it.
The same query brings their time zone and language (``user.profile_time_zone`` and
``user.profile_language``, None without a profile), which every request activates
(accounts.middleware). The backends are Django's and allauth's
with only ``get_user`` changed.

``make bench`` measures the cached game page with them and with Django's own backends, which
read the person and then their profile for the zone (row "get_user: share of the page saved";
10 to 17 % of the request on this machine): they stay while that share is 10 % or more.
"""

from __future__ import annotations

from typing import Any

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends
from django.contrib.auth.models import User

from accounts.models import Profile

_BY_ID = (
    f"SELECT u.*, p.time_zone AS profile_time_zone, p.language AS profile_language"
    f" FROM {User._meta.db_table} u"
    f" LEFT JOIN {Profile._meta.db_table} p ON p.user_id = u.id WHERE u.id = %s"
)


class _QuickGetUser:
    def get_user(self, user_id: Any) -> User | None:
        try:
            found = list(User.objects.raw(_BY_ID, [int(user_id)]))
        except (TypeError, ValueError):
            return None
        if not found:
            return None
        user = found[0]
        return user if user.is_active else None


class ModelBackend(_QuickGetUser, backends.ModelBackend):
    """Django's log-in by username and password."""


class AuthenticationBackend(_QuickGetUser, allauth_backends.AuthenticationBackend):
    """allauth's log-in by e-mail address or username."""
