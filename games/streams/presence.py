"""Who has a table open now: one Redis sorted set per table.

Each open stream is a member ``<person>:<stream>`` and each poll a member ``<person>:poll``,
scored with the time it stops counting: a stream renews its member with every heartbeat and
takes it away when the page closes (with the person's poll, so a closed tab shows at once), a
poll counts for ``POLL_WINDOW`` seconds. A stream process that dies leaves members that simply
run out. Whoever changes the set publishes on the table's ``here`` channel.
"""

from __future__ import annotations

import redis
import redis.asyncio
from django.conf import settings

from games.streams import publish

#: Seconds a poll counts as the person being at the table (polls come every 10 s).
POLL_WINDOW = 25
#: Seconds a stream's member counts without being renewed (heartbeats come every 20 s).
STREAM_WINDOW = 50


def _key(game_id: int) -> str:
    return publish.channel(publish.HERE, game_id)


def polled(game_id: int, user_id: int, now: float) -> None:
    """The person polled the table at ``now`` (seconds since the epoch): they count as being
    there for a while, and the table hears of it when they were not counted a moment ago."""
    if not publish.enabled():
        return
    key, member = _key(game_id), f"{user_id}:poll"
    try:
        pipe = publish.client(settings.STREAMS_REDIS_URL).pipeline(transaction=False)
        pipe.zscore(key, member)
        pipe.zadd(key, {member: now + POLL_WINDOW})
        pipe.expire(key, STREAM_WINDOW)
        before = pipe.execute()[0]
    except redis.RedisError:
        return
    if before is None or before < now:
        publish.send(publish.HERE, game_id)


async def arrive(client: redis.asyncio.Redis, game_id: int, member: str, now: float) -> None:
    """A stream ``member`` (``<person>:<stream>``) opened or is still open at ``now``."""
    key = _key(game_id)
    await client.zadd(key, {member: now + STREAM_WINDOW})
    await client.expire(key, STREAM_WINDOW)


async def leave(client: redis.asyncio.Redis, game_id: int, member: str) -> None:
    """The stream ``member`` closed: it and its person's poll no longer count; the table hears."""
    person = member.split(":", 1)[0]
    await client.zrem(_key(game_id), member, f"{person}:poll")
    await client.publish(publish.channel(publish.HERE, game_id), b"")


async def here(client: redis.asyncio.Redis, game_id: int, now: float) -> set[int]:
    """The people counted at the table at ``now``."""
    members = await client.zrangebyscore(_key(game_id), now, "+inf")
    return {int(str(member, "ascii").split(":", 1)[0]) for member in members}  # type: ignore[arg-type]
