"""The cache asks Redis through one client per server, and still reads what others write."""

from __future__ import annotations

import os
import threading

from tipperary_site.redis_cache import RedisCache


def _cache(prefix: str) -> RedisCache:
    broker = os.environ.get("CELERY_BROKER_URL", "")
    assert broker.startswith("redis://"), "make test runs with Redis as the broker"
    return RedisCache(broker, {"KEY_PREFIX": prefix})


def test_every_call_goes_through_the_one_client_of_its_server() -> None:
    cache = _cache("test-redis-client")
    client = cache._cache  # type: ignore[attr-defined]
    assert client.get_client() is client.get_client("any key", write=True)


def test_what_one_process_writes_another_reads_and_a_deleted_key_is_gone() -> None:
    writer, reader = _cache("test-redis-client"), _cache("test-redis-client")
    writer.set_many({"a": 1, "b": [2, 3]}, timeout=5)
    try:
        assert reader.get_many(["a", "b", "c"]) == {"a": 1, "b": [2, 3]}
        assert reader.incr("a") == 2 and writer.get("a") == 2
    finally:
        writer.delete_many(["a", "b"])
    assert reader.get("a") is None


def test_threads_share_the_client_without_mixing_their_answers() -> None:
    cache = _cache("test-redis-threads")
    seen: dict[int, list[object]] = {}

    def ask(n: int) -> None:
        cache.set(f"k{n}", n, timeout=5)
        seen[n] = [cache.get(f"k{n}") for _ in range(50)]

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cache.delete_many([f"k{n}" for n in range(8)])
    assert all(values == [n] * 50 for n, values in seen.items()) and len(seen) == 8
