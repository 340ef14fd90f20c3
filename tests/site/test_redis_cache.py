"""The Redis cache keeps one client per server and still stores, reads and deletes."""

from __future__ import annotations

import os

from tipperary_site.redis_cache import RedisCache

BROKER = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")


def test_one_client_serves_every_call_and_the_cache_works() -> None:
    cache = RedisCache(BROKER.rsplit("/", 1)[0] + "/14", {"KEY_PREFIX": "test-redis-cache"})
    client = cache._cache  # type: ignore[attr-defined]  # Django's, not in the stubs
    first = client.get_client(write=True)
    assert client.get_client() is first and client.get_client(write=True) is first
    cache.set("page", {"html": "<p>Round 3</p>"}, 30)
    assert cache.get("page") == {"html": "<p>Round 3</p>"}
    cache.delete("page")
    assert cache.get("page") is None
