"""Telling the stream processes that a table, or a person's list of tables, changed.

A message says only *which* table or person to look at again, never what changed: the stream
process reads what each viewer may see itself (``games.page.live``). Messages go out after the
transaction commits, so a stream never reads a change that is then rolled back; Redis that does
not answer is logged and forgotten (the pages' poll still sees the change).

Channels carry a prefix of the database's name, so two sites (or two test runs) on one Redis
never hear each other's tables.

A change also forgets the viewers' tokens kept for the unchanged poll (``games.streams.tokens``):
at once, marking the table as changing so that no poll keeps a token until the change is
committed or rolled back, and again once it commits, clearing the mark.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import secrets

import redis
from django.conf import settings
from django.db import connection, transaction

logger = logging.getLogger(__name__)

TABLE = "table"
PERSON = "person"
HERE = "here"
#: Keys of the unchanged poll (games.streams.tokens): each viewer's token at a table, the table's
#: generation (raised by every change) and its mark while a change is being committed.
TOKENS = "tokens"
GENERATION = "generation"
CHANGING = "changing"
#: Seconds a change may take to commit: no token of the table is kept meanwhile.
CHANGING_S = 60
#: Seconds a table's generation outlives its last change.
GENERATION_S = 86400
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


# Forget the table's kept tokens and raise its generation; then either mark the table as
# changing (ARGV[1] = "1") or clear the mark if it is still ours (a later change's stays).
_FORGET = """
redis.call('DEL', KEYS[1])
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
if ARGV[1] == '1' then
    redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[4])
elseif redis.call('GET', KEYS[3]) == ARGV[2] then
    redis.call('DEL', KEYS[3])
end
"""


def _forget_tokens(game_id: int, mark: str, *, changing: bool) -> None:
    keys = [channel(kind, game_id) for kind in (TOKENS, GENERATION, CHANGING)]
    try:
        client(settings.STREAMS_REDIS_URL).eval(
            _FORGET, 3, *keys, "1" if changing else "0", mark, GENERATION_S, CHANGING_S
        )
    except redis.RedisError:
        logger.warning("could not forget the poll's tokens of table %s", game_id)


def table_changed(game_id: int) -> None:
    """Open pages of the table ``game_id`` look again once the transaction commits.

    Their kept tokens are forgotten now and again after the commit: a poll between the two
    reads the table from the database and keeps nothing."""
    if enabled():
        mark = secrets.token_hex(8)
        _forget_tokens(game_id, mark, changing=True)
        transaction.on_commit(functools.partial(_forget_tokens, game_id, mark, changing=False))
        transaction.on_commit(functools.partial(send, TABLE, game_id))


def person_changed(user_id: int) -> None:
    """The person ``user_id``'s open streams look again (their tables, their invitations, their
    log-in) once the transaction commits."""
    if enabled():
        transaction.on_commit(functools.partial(send, PERSON, user_id))


def logged_out(user_id: int, session_key: str) -> None:
    """The person logged out of the session ``session_key``: its streams end."""
    send(PERSON, user_id, session_mark(session_key))
