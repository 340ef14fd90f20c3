"""Telling the stream processes that a table, or a person's list of tables, changed.

A message says only *which* table or person to look at again, never what changed: the stream
process reads what each viewer may see itself (``games.page.live``). Messages go out after the
transaction commits, so a stream never reads a change that is then rolled back; Redis that does
not answer is logged and forgotten (the pages' poll still sees the change).

Channels carry a prefix of the database's name, so two sites (or two test runs) on one Redis
never hear each other's tables.
"""

from __future__ import annotations

import functools
import hashlib
import logging

import redis
from django.conf import settings
from django.db import connection, transaction

logger = logging.getLogger(__name__)

TABLE = "table"
PERSON = "person"
HERE = "here"
#: Seconds a Redis command may take before the change is left to the poll.
TIMEOUT = 0.5


def enabled() -> bool:
    """Whether the site runs streams at all (``STREAMS_REDIS_URL`` names a Redis)."""
    return bool(settings.STREAMS_REDIS_URL)


def prefix() -> str:
    """The start of every channel and key of this site's database."""
    return f"tipperary:{connection.settings_dict['NAME']}:"


def channel(kind: str, ident: int) -> str:
    """The channel of a table (``TABLE``), a person (``PERSON``) or who is at a table (``HERE``)."""
    return f"{prefix()}{kind}:{ident}"


@functools.cache
def client(url: str) -> redis.Redis:
    """One connection pool per process and URL, quick to give up."""
    return redis.Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)


def session_mark(session_key: str) -> str:
    """What a log-out message names its session by (never the key itself)."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:16]


def send(kind: str, ident: int, data: str = "") -> None:
    """Publish on ``kind``'s channel of ``ident`` now (not waiting for a commit)."""
    if not enabled():
        return
    try:
        client(settings.STREAMS_REDIS_URL).publish(channel(kind, ident), data.encode())
    except redis.RedisError:
        logger.warning("could not publish %s %s; open pages will see it at their poll", kind, ident)


def table_changed(game_id: int) -> None:
    """Open pages of the table ``game_id`` look again once the transaction commits."""
    if enabled():
        transaction.on_commit(functools.partial(send, TABLE, game_id))


def person_changed(user_id: int) -> None:
    """The person ``user_id``'s open streams look again (their tables, their invitations, their
    log-in) once the transaction commits."""
    if enabled():
        transaction.on_commit(functools.partial(send, PERSON, user_id))


def logged_out(user_id: int, session_key: str) -> None:
    """The person logged out of the session ``session_key``: its streams end."""
    send(PERSON, user_id, session_mark(session_key))
