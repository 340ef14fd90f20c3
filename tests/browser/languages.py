"""Playing in another language in Chromium: the catalogue's words, a browser that asks for a
language, a table late in the game."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, Page

from accounts.models import Profile
from tests.browser.playing import LAPTOP


def words(language: str, message: str, **values: Any) -> str:
    """``message`` as the catalogue of ``language`` has it, checked to be a translation."""
    with translation.override(language):
        said = gettext(message)
    assert said != message, f"{message!r} has no {language} words"
    return said % values if values else said


def signed_in(
    browser: Browser,
    base: str,
    user: User | None,
    *,
    locale: str | None = None,
    viewport: dict[str, int] = LAPTOP,
    javascript: bool = True,
) -> Page:
    """A new browser whose Accept-Language is ``locale`` (None: the browser's own, English), with
    ``user`` logged in by a session cookie: the log-in form is not what these tests are about."""
    options: dict[str, Any] = {"viewport": viewport, "java_script_enabled": javascript}
    if locale is not None:
        options["locale"] = locale
    context = browser.new_context(**options)
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context.new_page()


def speaking(user: User, language: str) -> User:
    Profile.objects.filter(user=user).update(language=language)
    return user
