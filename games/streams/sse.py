"""The lines of a server-sent event stream (the WHATWG ``text/event-stream`` format)."""

from __future__ import annotations

#: Milliseconds a browser waits before it opens a dropped stream again.
RETRY_MS = 2000


def opening() -> bytes:
    """The first bytes: how soon to come back after a drop. Sent at once, so the browser (and
    any proxy) sees the stream open before the first change."""
    return f"retry: {RETRY_MS}\n\n".encode()


def event(name: str, data: str, ident: str | None = None) -> bytes:
    """One event called ``name`` carrying ``data`` (one line); with ``ident``, the browser
    sends it back as ``Last-Event-ID`` when it reconnects.

    >>> event("changed", "ab12", ident="ab12")
    b'id: ab12\\nevent: changed\\ndata: ab12\\n\\n'
    """
    head = f"id: {ident}\n" if ident is not None else ""
    return f"{head}event: {name}\ndata: {data}\n\n".encode()


def heartbeat() -> bytes:
    """A comment line: keeps proxies from closing a quiet stream; the browser ignores it."""
    return b": ping\n\n"
