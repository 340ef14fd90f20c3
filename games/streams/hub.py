"""One subscription per stream process, fanned out to the streams it holds.

The hub listens to every channel of the site's database on one Redis connection (a pattern
subscription) and keeps, per table and per person, the open streams that care. When a table
changes it reads every viewer's token at that table in **one** query, however many streams
watch it, and hands each stream the whole set; each stream picks its own viewer's token and
sends it only if it differs from the last one it sent. When who is at a table changes it reads
the table's presence set once, likewise.

Database work runs in Django's sync thread (``sync_to_async``) and gives its connection back
at once, so a process holding thousands of streams uses one database connection, and only
while it reads. A Redis connection that drops is made again, and every stream then looks at
its table afresh, in case it missed a change while the connection was down.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections import defaultdict
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field

import redis.asyncio
from asgiref.sync import sync_to_async
from django.db import connection

from games.page.live import Tokens, tokens_of
from games.streams import presence, publish

logger = logging.getLogger(__name__)

#: Seconds between two looks at who is at each watched table (a poll's presence runs out).
PRESENCE_SWEEP = 5.0
#: Seconds to wait before making a lost Redis connection again.
RECONNECT_AFTER = 1.0


@dataclass(frozen=True)
class TableChanged:
    """A watched table's tokens as it now stands (None: the table is gone)."""

    game_id: int
    tokens: Tokens | None


@dataclass(frozen=True)
class Here:
    """The positions of the seats whose people have a watched table open."""

    game_id: int
    positions: tuple[int, ...]


@dataclass(frozen=True)
class PersonChanged:
    """The person's tables, invitations or log-in may have changed; ``ended`` names a
    session they logged out of (``publish.session_mark``)."""

    ended: str = ""


Wake = TableChanged | Here | PersonChanged


@dataclass(eq=False)
class Listener:
    """One open stream: its person, the tables it watches, and what woke it.

    Only the newest wake of each kind waits: a newer read of a table covers an older one, so a
    page that reads its stream slowly never piles up wakes."""

    user_id: int
    tables: set[int] = field(default_factory=set)
    _waiting: dict[type, Wake] = field(default_factory=dict)
    _woken: asyncio.Event = field(default_factory=asyncio.Event)

    def wake(self, wake: Wake) -> None:
        """Hand ``wake`` to the stream (in place of an older one of its kind)."""
        self._waiting[type(wake)] = wake
        self._woken.set()

    async def wakes(self, timeout: float) -> list[Wake]:
        """What woke the stream, oldest kind first; TimeoutError after ``timeout`` seconds."""
        await asyncio.wait_for(self._woken.wait(), timeout)
        self._woken.clear()
        wakes = list(self._waiting.values())
        self._waiting.clear()
        return wakes


def _read_tokens(game_id: int) -> Tokens | None:
    try:
        return tokens_of(game_id)
    finally:
        connection.close()  # back to the pool: the process holds none between reads


read_tokens = sync_to_async(_read_tokens)


class Hub:
    """The process's one subscription and the streams it wakes."""

    def __init__(self, url: str) -> None:
        self.redis = redis.asyncio.Redis.from_url(url)
        self._tables: dict[int, set[Listener]] = defaultdict(set)
        self._people: dict[int, set[Listener]] = defaultdict(set)
        self._positions: dict[int, Tokens] = {}
        self._busy: dict[tuple[str, int], bool] = {}  # a read running; True: read again after
        self._tasks: set[asyncio.Task[None]] = set()
        self._subscribed = asyncio.Event()
        self._started = False

    @property
    def listeners(self) -> int:
        """How many streams the hub wakes."""
        return sum(len(people) for people in self._people.values())

    async def start(self) -> None:
        """Subscribe, once per process; returns when the subscription holds."""
        if not self._started:
            self._started = True
            self._spawn(self._listen())
            self._spawn(self._sweep())
        await self._subscribed.wait()

    def watch(self, listener: Listener, tables: Iterable[int]) -> None:
        """Wake ``listener`` for its person and for ``tables`` (in place of those it watched)."""
        self._people[listener.user_id].add(listener)
        for game_id in listener.tables - set(tables):
            self._drop(self._tables, game_id, listener)
        listener.tables = set(tables)
        for game_id in listener.tables:
            self._tables[game_id].add(listener)

    def forget(self, listener: Listener) -> None:
        """Wake ``listener`` no more."""
        self._drop(self._people, listener.user_id, listener)
        for game_id in listener.tables:
            self._drop(self._tables, game_id, listener)

    @staticmethod
    def _drop(index: dict[int, set[Listener]], key: int, listener: Listener) -> None:
        index[key].discard(listener)
        if not index[key]:
            del index[key]

    def _spawn(self, work: Coroutine[object, object, None]) -> None:
        # In a context of its own: the stream that happens to start the work ends some day,
        # and Django's sync thread of that stream's request with it.
        task = asyncio.get_running_loop().create_task(work, context=contextvars.Context())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen(self) -> None:
        pattern = publish.prefix() + "*"
        start = len(publish.prefix())
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.psubscribe(pattern)
                if self._subscribed.is_set():  # a new connection: changes may have been missed
                    for game_id in list(self._tables):
                        self.heard(publish.TABLE, game_id)
                self._subscribed.set()
                async for message in pubsub.listen():
                    if message["type"] == "pmessage":
                        kind, _, ident = message["channel"][start:].decode().partition(":")
                        if ident.isdigit():
                            self.heard(kind, int(ident), message["data"].decode())
            except (redis.RedisError, OSError):
                logger.warning("lost the stream subscription; subscribing again")
                self._subscribed.set()  # streams go on with heartbeats meanwhile
                await asyncio.sleep(RECONNECT_AFTER)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def heard(self, kind: str, ident: int, data: str = "") -> None:
        """A message on the channel ``kind`` of ``ident``: wake whom it concerns."""
        if kind == publish.PERSON:
            for listener in self._people.get(ident, ()):
                listener.wake(PersonChanged(data))
        elif kind in (publish.TABLE, publish.HERE) and ident in self._tables:
            key = (kind, ident)
            if key in self._busy:
                self._busy[key] = True  # one more read once the running one is done
            else:
                self._busy[key] = False
                self._spawn(self._read(kind, ident))

    async def _read(self, kind: str, game_id: int) -> None:
        key = (kind, game_id)
        try:
            while True:
                if kind == publish.TABLE:
                    await self._read_table(game_id)
                else:
                    await self._read_here(game_id)
                if not self._busy.get(key):
                    return
                self._busy[key] = False
        except Exception:
            logger.exception("could not read %s %s for its streams", kind, game_id)
        finally:
            self._busy.pop(key, None)

    async def _read_table(self, game_id: int) -> None:
        tokens = await read_tokens(game_id)
        if tokens is not None:
            self._positions[game_id] = tokens
        for listener in self._tables.get(game_id, ()):
            listener.wake(TableChanged(game_id, tokens))

    async def _read_here(self, game_id: int) -> None:
        people = await presence.here(self.redis, game_id, time.time())
        tokens = self._positions.get(game_id) or await read_tokens(game_id)
        if tokens is None:
            return
        self._positions[game_id] = tokens
        wake = Here(game_id, tuple(tokens.positions(people)))
        for listener in self._tables.get(game_id, ()):
            listener.wake(wake)

    async def _sweep(self) -> None:
        """Look at who is at each watched table now and then: a poll's presence runs out."""
        while True:
            await asyncio.sleep(PRESENCE_SWEEP)
            for game_id in list(self._positions):
                if game_id not in self._tables:
                    del self._positions[game_id]
            for game_id in list(self._tables):
                self.heard(publish.HERE, game_id)


_hubs: dict[int, Hub] = {}


def hub(url: str) -> Hub:
    """The hub of the running event loop (one per stream process)."""
    loop = id(asyncio.get_running_loop())
    if loop not in _hubs:
        _hubs[loop] = Hub(url)
    return _hubs[loop]
