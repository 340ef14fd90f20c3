"""Small typed helpers around the logged-in person."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest


def user_of(request: HttpRequest) -> User:
    """The logged-in user of a view behind ``login_required``."""
    user = request.user
    assert isinstance(user, User), "the view must require log-in"
    return user
