"""Typed readers for settings that come from the environment.

Each helper fails loudly with the variable's name when a value cannot be understood, so a
typo in production configuration stops the process at start-up instead of misbehaving later.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ImproperlyConfiguredEnv(ValueError):
    """An environment variable holds a value the site cannot use."""


def env_str(name: str, default: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Return the variable as text; without a default, a missing variable is an error."""
    environ = os.environ if environ is None else environ
    value = environ.get(name)
    if value is None or value == "":
        if default is None:
            raise ImproperlyConfiguredEnv(f"{name} must be set.")
        return default
    return value


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    """Read 1/0, true/false, yes/no or on/off (any case)."""
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfiguredEnv(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}."
    )


def env_int(
    name: str,
    default: int,
    environ: Mapping[str, str] | None = None,
    minimum: int | None = None,
) -> int:
    """Read a whole number, optionally with a lower bound."""
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfiguredEnv(f"{name} must be a whole number; got {raw!r}.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfiguredEnv(f"{name} must be at least {minimum}; got {value}.")
    return value


def env_choice(
    name: str, default: str, choices: tuple[str, ...], environ: Mapping[str, str] | None = None
) -> str:
    """Read one of a few words (any case), e.g. ``LOG_FORMAT=text|json``."""
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value not in choices:
        raise ImproperlyConfiguredEnv(f"{name} must be one of {', '.join(choices)}; got {raw!r}.")
    return value


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    """Read a comma-separated list, ignoring blanks around the commas."""
    environ = os.environ if environ is None else environ
    raw = environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_url(
    name: str,
    default: str,
    schemes: tuple[str, ...],
    environ: Mapping[str, str] | None = None,
) -> str:
    """Read a URL whose scheme must be one of ``schemes``."""
    value = env_str(name, default, environ)
    scheme = value.split("://", 1)[0] if "://" in value else ""
    if scheme not in schemes:
        allowed = ", ".join(f"{s}://" for s in schemes)
        raise ImproperlyConfiguredEnv(f"{name} must start with one of {allowed}; got {value!r}.")
    return value


def env_cache(
    name: str, default: str = "locmem://", environ: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Read a cache URL into a ``CACHES`` entry.

    ``locmem://`` keeps the cache inside one process (fine for ``make run``); ``redis://`` and
    ``rediss://`` use Django's Redis cache, shared by every web process, which rate limits need
    once there is more than one.
    """
    url = env_url(name, default, ("locmem", "redis", "rediss"), environ)
    if url.startswith("locmem://"):
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": url.removeprefix("locmem://") or "tipperary",
        }
    return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
