"""Each viewer's current token at a table, kept in Redis, so an unchanged poll needs no database.

The unchanged poll (``games.views.unchanged_poll``) asks Redis first: one script compares the
token the page sent with the one kept for its viewer and, when they are the same, counts the
viewer as here (``games.streams.presence``), all in one round trip. When nothing is kept for them,
the poll reads the token from the database (``games.page.live``) and keeps it (:func:`keep`).

A kept token is never older than the table: every change goes through
``games.streams.publish.table_changed``, which forgets the table's tokens twice, at once (marking
the table as changing until its transaction commits) and after the commit (clearing the mark).
A poll keeps the token it read only if the table's generation, raised by both, is still the one
it saw before reading, and no change is under way: a token read before a change never lands
after that change forgot the table's tokens. A Redis that lost its keys keeps nothing, so the
next poll asks the database. A Redis that did not answer a change (down, or cut off from the
writer) may keep a table's old tokens until they run out, ``KEPT_S`` after the first of them was
kept; a Redis that does not answer a poll leaves it to the database.

``make bench`` measures it: "poll_redis: share of the poll saved" (bench_overrides) against the
poll reading the database every time. It stays while the share is 10 % or more.
"""

from __future__ import annotations

import enum
import functools
from typing import NamedTuple

import redis
from django.conf import settings

from games.streams import presence, publish

#: Seconds a table's kept tokens live at most, counted from the first one kept.
KEPT_S = 60
#: Viewers kept per table at most (an open table's spectators are anyone): more ask the database.
KEPT_AT_MOST = 50

# KEYS: tokens, generation, here; ARGV: viewer, token seen, presence member, counted until,
# presence window. The same token: count the viewer as here; the answer 1 and when their last
# poll stopped counting. Another token: -1. None: 0 and the table's generation.
_ASK = """
local kept = redis.call('HGET', KEYS[1], ARGV[1])
if kept == ARGV[2] then
    local before = redis.call('ZSCORE', KEYS[3], ARGV[3])
    redis.call('ZADD', KEYS[3], ARGV[4], ARGV[3])
    redis.call('EXPIRE', KEYS[3], ARGV[5])
    return {1, before or ''}
end
if kept then
    return {-1, ''}
end
return {0, redis.call('GET', KEYS[2]) or ''}
"""

# KEYS: tokens, generation, changing; ARGV: viewer, token, generation seen, kept for, at most.
_KEEP = """
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[3] or redis.call('EXISTS', KEYS[3]) == 1 then
    return 0
end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[5]) then
    return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('TTL', KEYS[1]) < 0 then
    redis.call('EXPIRE', KEYS[1], ARGV[4])
end
return 1
"""


class Found(enum.Enum):
    """What Redis keeps for a viewer at a table, against the token their page sent."""

    SAME = "same"  # their current token: nothing changed (and they are counted as here)
    OTHER = "other"  # another token: something changed
    NOTHING = "nothing"  # nothing kept (or no Redis to ask): the database must tell


class Asked(NamedTuple):
    """What Redis answered, and the table's generation when nothing was kept (for :func:`keep`;
    None when Redis was not asked or did not answer: nothing is kept then)."""

    found: Found
    generation: str | None = None


@functools.cache
def _script(url: str, text: str) -> redis.commands.core.Script:
    return publish.client(url).register_script(text)


def _keys(game_id: int, *kinds: str) -> list[str]:
    return [publish.channel(kind, game_id) for kind in kinds]


def ask(game_id: int, user_id: int, seen: str, now: float) -> Asked:
    """Whether ``seen`` is the token kept for the viewer ``user_id`` at ``game_id``; when it is,
    the viewer counts as here from ``now`` (seconds since the epoch), as after
    ``presence.polled``."""
    if not publish.enabled():
        return Asked(Found.NOTHING)
    member = f"{user_id}:poll"
    keys = _keys(game_id, publish.TOKENS, publish.GENERATION, publish.HERE)
    args: list[str | int | float] = [
        user_id,
        seen,
        member,
        now + presence.POLL_WINDOW,
        presence.STREAM_WINDOW,
    ]
    try:
        answer, detail = _script(settings.STREAMS_REDIS_URL, _ASK)(keys, args)
    except redis.RedisError:
        return Asked(Found.NOTHING)
    if answer == 1:
        if not detail or float(detail) < now:  # they were not counted a moment ago
            publish.send(publish.HERE, game_id)
        return Asked(Found.SAME)
    if answer == -1:
        return Asked(Found.OTHER)
    return Asked(Found.NOTHING, detail.decode() if isinstance(detail, bytes) else str(detail))


def keep(game_id: int, user_id: int, token: str, generation: str) -> None:
    """Keep ``token``, read from the database after :func:`ask` saw ``generation``, as the
    viewer's at ``game_id``, unless the table changed or began to change since."""
    keys = _keys(game_id, publish.TOKENS, publish.GENERATION, publish.CHANGING)
    args: list[str | int | float] = [user_id, token, generation, KEPT_S, KEPT_AT_MOST]
    try:
        _script(settings.STREAMS_REDIS_URL, _KEEP)(keys, args)
    except redis.RedisError:
        return
