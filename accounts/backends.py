"""Authentication backends that read the logged-in person with one plain query.

Every request of a logged-in person reads them (``request.user``), on the busiest pages before
anything else; the ORM spends more time composing that query than the database answering it.
The same query brings their time zone and language (``user.profile_time_zone`` and
``user.profile_language``, None without a profile), which every request activates
(accounts.middleware). The backends are Django's and allauth's
with only ``get_user`` changed; the person is built from the row as the ORM would
(tipperary_site.rows), without ``raw()``'s work of matching columns to fields on every read.

``make bench`` measures the cached game page with them and with Django's own backends, which
read the person and then their profile for the zone (row "get_user: share of the page saved";
10 to 17 % of the request on this machine): they stay while that share is 10 % or more.
"""

from __future__ import annotations

from typing import Any

from allauth.account import auth_backends as allauth_backends
from django.contrib.auth import backends
from django.contrib.auth.models import User
from django.db import connection

from accounts.models import Profile
from tipperary_site.rows import Columns

_USER = Columns(User, "u")
#: The person and the two fields of their profile every request activates, in one row.
_BY_ID = (
    f"SELECT {_USER.select}, p.time_zone, p.language FROM {_USER.table}"
    f" LEFT JOIN {Profile._meta.db_table} p ON p.user_id = u.id WHERE u.id = %s"
)


class _QuickGetUser:
    def get_user(self, user_id: Any) -> User | None:
        try:
            user_id = int(user_id)
        except (TypeError, ValueError):
            return None
        with connection.cursor() as cursor:
            cursor.execute(_BY_ID, [user_id])
            row = cursor.fetchone()
        if row is None:
            return None
        user = _USER.build(row[: _USER.width])
        user.profile_time_zone, user.profile_language = row[_USER.width :]  # type: ignore[attr-defined]
        return user if user.is_active else None


class ModelBackend(_QuickGetUser, backends.ModelBackend):
    """Django's log-in by username and password."""


class AuthenticationBackend(_QuickGetUser, allauth_backends.AuthenticationBackend):
    """allauth's log-in by e-mail address or username."""
