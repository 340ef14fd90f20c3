"""The typed settings helpers read good values and refuse bad ones with the variable's name."""

import os

import pytest
from django.utils.module_loading import import_string

from tipperary_site.env import (
    ImproperlyConfiguredEnv,
    env_bool,
    env_cache,
    env_choice,
    env_int,
    env_list,
    env_str,
    env_url,
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("Yes", True), ("ON", True), ("0", False), ("false", False),
     ("no", False), ("off", False), ("", False)],
)  # fmt: skip
def test_it_reads_booleans(raw: str, expected: bool) -> None:
    assert env_bool("DEBUG", not expected, {"DEBUG": raw}) is expected


def test_it_uses_the_default_for_a_missing_boolean() -> None:
    assert env_bool("DEBUG", True, {}) is True


def test_it_refuses_a_boolean_it_cannot_read() -> None:
    with pytest.raises(ImproperlyConfiguredEnv, match=r"DEBUG must be one of .*'maybe'"):
        env_bool("DEBUG", False, {"DEBUG": "maybe"})


def test_it_reads_integers_and_enforces_the_minimum() -> None:
    assert env_int("EMAIL_PORT", 25, {"EMAIL_PORT": " 2525 "}) == 2525
    assert env_int("EMAIL_PORT", 25, {}) == 25
    with pytest.raises(ImproperlyConfiguredEnv, match="EMAIL_PORT must be a whole number"):
        env_int("EMAIL_PORT", 25, {"EMAIL_PORT": "twenty"})
    with pytest.raises(ImproperlyConfiguredEnv, match="EMAIL_PORT must be at least 1; got 0"):
        env_int("EMAIL_PORT", 25, {"EMAIL_PORT": "0"}, minimum=1)


def test_it_requires_a_string_without_default() -> None:
    assert env_str("SECRET_KEY", None, {"SECRET_KEY": "abc"}) == "abc"
    with pytest.raises(ImproperlyConfiguredEnv, match="SECRET_KEY must be set"):
        env_str("SECRET_KEY", None, {})
    with pytest.raises(ImproperlyConfiguredEnv, match="SECRET_KEY must be set"):
        env_str("SECRET_KEY", None, {"SECRET_KEY": ""})


def test_it_splits_lists_on_commas() -> None:
    hosts = env_list("ALLOWED_HOSTS", [], {"ALLOWED_HOSTS": "a.example, b.example,,"})
    assert hosts == ["a.example", "b.example"]
    assert env_list("ALLOWED_HOSTS", ["localhost"], {}) == ["localhost"]


def test_it_checks_url_schemes() -> None:
    url = env_url("DATABASE_URL", "sqlite:///x", ("sqlite", "postgres"), {})
    assert url == "sqlite:///x"
    good = {"DATABASE_URL": "postgres://u@h/db"}
    assert env_url("DATABASE_URL", "", ("sqlite", "postgres"), good) == "postgres://u@h/db"
    with pytest.raises(ImproperlyConfiguredEnv, match="DATABASE_URL must start with one of"):
        env_url("DATABASE_URL", "", ("sqlite", "postgres"), {"DATABASE_URL": "mysql://h/db"})


def test_it_reads_a_cache_url() -> None:
    local = env_cache("CACHE_URL", environ={})
    assert local == {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "tipperary",
    }
    shared = env_cache("CACHE_URL", environ={"CACHE_URL": "redis://cache.internal:6379/1"})
    assert shared == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://cache.internal:6379/1",
    }
    with pytest.raises(ImproperlyConfiguredEnv, match="CACHE_URL must start with one of"):
        env_cache("CACHE_URL", environ={"CACHE_URL": "memcached://cache:11211"})


def test_it_shares_counts_through_a_redis_cache() -> None:
    # The rate limits only hold across web processes when they count in one Redis.
    broker = os.environ.get("CELERY_BROKER_URL", "")
    assert broker.startswith("redis://"), "make test runs with Redis as the broker"
    config = env_cache("CACHE_URL", environ={"CACHE_URL": broker})
    backend = import_string(config["BACKEND"])
    one = backend(config["LOCATION"], {"KEY_PREFIX": "test-env"})
    other = backend(config["LOCATION"], {"KEY_PREFIX": "test-env"})
    one.set("attempts", 3, timeout=5)
    try:
        assert other.get("attempts") == 3
    finally:
        one.delete("attempts")


def test_it_reads_one_of_a_few_words_in_any_case_and_defaults_when_blank() -> None:
    choices = ("text", "json")
    assert env_choice("LOG_FORMAT", "text", choices, {"LOG_FORMAT": " JSON "}) == "json"
    assert env_choice("LOG_FORMAT", "text", choices, {"LOG_FORMAT": ""}) == "text"
    assert env_choice("LOG_FORMAT", "text", choices, {}) == "text"


def test_it_refuses_a_word_it_does_not_know_by_name() -> None:
    with pytest.raises(ImproperlyConfiguredEnv, match="LOG_FORMAT must be one of text, json"):
        env_choice("LOG_FORMAT", "text", ("text", "json"), {"LOG_FORMAT": "yaml"})
