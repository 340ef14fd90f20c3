"""Live pages: what the site publishes when a table changes, and the streams that tell open pages.

The one writer of a table (``games.services.record``), table talk and invitations publish on
Redis after their transaction commits (``publish``); the stream process (uvicorn, running
``tipperary_site.asgi``) holds each open page's server-sent event stream (``views``) and wakes
it through one subscription per process (``hub``). A stream sends only the viewer's opaque
token, the one the poll compares (``games.page.live``), and who has the table open
(``presence``). The page's poll stays as the fallback.
"""
