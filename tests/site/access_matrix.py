"""Every route of the site, who may reach it, and with what answer: the access matrix.

One row per route (name in the URLconf), method and subject. The columns are the roles the
crawl (``test_crawl.py``) fetches it as:

- ``player``: seated at the table (at both tables, Brendan);
- ``invitee``: invited to the invite-only table before it started, never took the seat;
- ``other``: logged in and nothing to do with the table (a spectator at the open table, an
  outsider at the invite-only one);
- ``visitor``: not logged in.

Subjects: ``OPEN`` / ``PRIVATE`` is a table in play (open to all / by invitation only), with the
route's other arguments (an invitation, the invite link) taken from that table; ``PLAYER`` is
the public name of the player who makes the hidden moves; ``WEEK`` is this week's challenge;
``EVENT`` a tournament the player and the mover entered, cancelled when sign-up closed;
``NONE`` takes nothing. POST rows are sent with an empty form, as a plain form post (a refusal
then comes back as a redirect to the table with the reason shown there): every answer refuses,
and the crawl checks that no table changed. A route the crawl cannot fetch says why, in ``SKIP``.

A route missing from this file fails the crawl: a new page must say here who may see it.
"""

from __future__ import annotations

from dataclasses import dataclass

OPEN, PRIVATE, PLAYER, WEEK, EVENT, NONE = "open", "private", "player", "week", "event", "none"
ROLES = ("player", "invitee", "other", "visitor")


@dataclass(frozen=True)
class Row:
    name: str
    method: str
    subject: str
    player: int
    invitee: int
    other: int
    visitor: int

    def status(self, role: str) -> int:
        return int(getattr(self, role))


LOGIN = 302  # a visitor is sent to the log-in page

# fmt: off
ROWS = [
    #   route                           method  subject   player invitee other visitor
    Row("home",                          "GET",  NONE,     200,   200,    200,  200),
    # The JavaScript's words in one language (the crawl asks for English): the same for all.
    Row("jsi18n",                        "GET",  NONE,     200,   200,    200,  200),
    Row("rules",                         "GET",  NONE,     200,   200,    200,  200),
    Row("learn",                         "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("ratings:leaderboard",           "GET",  NONE,     200,   200,    200,  200),
    Row("ratings:player",               "GET",  PLAYER,   200,   200,    200,  200),
    Row("games:block",                   "POST", PLAYER,   302,   302,    302,  LOGIN),
    Row("games:unblock",                 "POST", PLAYER,   302,   302,    302,  LOGIN),
    Row("accounts:settings",             "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("accounts:notifications",        "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("accounts:vacation",             "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("accounts:delete",               "GET",  NONE,     200,   200,    200,  LOGIN),
    # The language switch is for everyone; an empty form names no language we offer.
    Row("accounts:language",             "POST", NONE,     400,   400,    400,  400),
    Row("push:devices",                  "GET",  NONE,     200,   200,    200,  LOGIN),
    # Push is off in the crawl (no keys): subscribing is refused as not found; an empty body
    # to unsubscribe is refused as bad input.
    Row("push:subscribe",                "POST", NONE,     404,   404,    404,  LOGIN),
    Row("push:unsubscribe",              "POST", NONE,     400,   400,    400,  LOGIN),
    # The installable site: the same for everyone, naming nobody.
    Row("push:manifest",                 "GET",  NONE,     200,   200,    200,  200),
    Row("push:service_worker",           "GET",  NONE,     200,   200,    200,  200),
    Row("push:offline",                  "GET",  NONE,     200,   200,    200,  200),
    Row("games:lobby",                   "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("games:create",                  "POST", NONE,     400,   400,    400,  LOGIN),
    Row("games:mine",                    "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("games:play_now",                "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("games:play_now_join",           "POST", NONE,     400,   400,    400,  LOGIN),
    Row("games:play_now_leave",          "POST", NONE,     302,   302,    302,  LOGIN),
    Row("games:play_now_with_bots",      "POST", NONE,     302,   302,    302,  LOGIN),
    Row("games:finished",                "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("challenge:this_week",           "GET",  NONE,     200,   200,    200,  200),
    Row("challenge:week",                "GET",  WEEK,     200,   200,    200,  200),
    Row("challenge:side_by_side",        "GET",  WEEK,     404,   404,    404,  404),
    Row("challenge:play",                "POST", WEEK,     302,   302,    302,  LOGIN),
    Row("tournaments:list",              "GET",  NONE,     200,   200,    200,  200),
    Row("tournaments:create",            "GET",  NONE,     200,   200,    200,  LOGIN),
    Row("tournaments:create",            "POST", NONE,     400,   400,    400,  LOGIN),
    Row("tournaments:event",             "GET",  EVENT,    200,   200,    200,  200),
    Row("tournaments:enter",             "POST", EVENT,    302,   302,    302,  LOGIN),
    Row("tournaments:withdraw",          "POST", EVENT,    302,   302,    302,  LOGIN),
    # A table: the page (and its fragments), the poll, the story told again.
    Row("games:game",                    "GET",  OPEN,     200,   200,    200,  LOGIN),
    Row("games:game",                    "GET",  PRIVATE,  200,   404,    404,  LOGIN),
    Row("games:status",                  "GET",  OPEN,     204,   204,    204,  LOGIN),
    Row("games:status",                  "GET",  PRIVATE,  204,   404,    404,  LOGIN),
    # The streams are the stream process's (uvicorn): the web process answers 404 to everyone
    # and holds nothing open. Who may open one there: tests/games/test_table_events.py and
    # test_mine_events.py (an outsider of a private table 404, a visitor 403).
    Row("games:events",                  "GET",  OPEN,     404,   404,    404,  404),
    Row("games:events",                  "GET",  PRIVATE,  404,   404,    404,  404),
    Row("games:mine_events",             "GET",  NONE,     404,   404,    404,  404),
    Row("games:history",                 "GET",  OPEN,     200,   200,    200,  LOGIN),
    Row("games:history",                 "GET",  PRIVATE,  200,   404,    404,  LOGIN),
    Row("games:replay",                  "GET",  OPEN,     200,   200,    200,  LOGIN),
    Row("games:replay",                  "GET",  PRIVATE,  200,   404,    404,  LOGIN),
    Row("games:export",                  "GET",  OPEN,     404,   404,    404,  LOGIN),
    Row("games:export",                  "GET",  PRIVATE,  404,   404,    404,  LOGIN),
    # The expert's review: none for a game in play (its turns are still hidden).
    Row("games:review",                  "GET",  OPEN,     404,   404,    404,  LOGIN),
    Row("games:review",                  "GET",  PRIVATE,  404,   404,    404,  LOGIN),
    Row("games:review",                  "POST", OPEN,     404,   404,    404,  LOGIN),
    Row("games:review",                  "POST", PRIVATE,  404,   404,    404,  LOGIN),
    # The expert's hint: an empty form is refused before anything else is asked.
    Row("games:hint",                    "POST", OPEN,     400,   400,    400,  LOGIN),
    Row("games:hint",                    "POST", PRIVATE,  400,   404,    404,  LOGIN),
    Row("games:invitation",              "GET",  OPEN,     302,   200,    200,  LOGIN),
    Row("games:invitation",              "GET",  PRIVATE,  302,   404,    404,  LOGIN),
    # What a table takes by POST: refused with an empty form, or by who is asking (a spectator
    # may read the table talk but not write: 403).
    Row("games:act",                     "POST", OPEN,     400,   400,    400,  LOGIN),
    Row("games:act",                     "POST", PRIVATE,  400,   404,    404,  LOGIN),
    Row("games:undo",                    "POST", OPEN,     400,   400,    400,  LOGIN),
    Row("games:undo",                    "POST", PRIVATE,  400,   404,    404,  LOGIN),
    Row("games:draft",                   "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:draft",                   "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:join",                    "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:join",                    "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:leave",                   "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:leave",                   "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:start",                   "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:start",                   "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:invite",                  "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:invite",                  "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:revoke_link",             "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:revoke_link",             "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:withdraw_invitation",     "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:decline",                 "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:decline",                 "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:take_back",               "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:take_back",               "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:chat",                    "POST", OPEN,     302,   403,    403,  LOGIN),
    Row("games:chat",                    "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:rematch",                 "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:rematch",                 "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:mute",                    "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:mute",                    "POST", PRIVATE,  302,   404,    404,  LOGIN),
    Row("games:unmute",                  "POST", OPEN,     302,   302,    302,  LOGIN),
    Row("games:unmute",                  "POST", PRIVATE,  302,   404,    404,  LOGIN),
]
# fmt: on

#: Routes the crawl does not fetch, and why. Each carries no table, player, week or message.
SKIP = {
    "healthz": "the site's own health; says ok or failing per part, nothing about players",
    "livez": "the process answers; says ok, nothing about players (tests/site/test_probes.py)",
    "readyz": "the database answers; ok or failing, nothing about players (test_probes.py)",
    "games:unsubscribe": "a signed one-person link (tests/notifications/test_unsubscribe.py)",
    "push:test": "one person's own device by id (tests/push/test_device_list.py)",
    "push:remove": "one person's own device by id (tests/push/test_device_list.py)",
    "account_confirm_email": "a one-time key mailed to one person (tests/accounts)",
    "account_reset_password_from_key": "a one-time key mailed to one person (tests/accounts)",
}
#: allauth's own account pages: log-in, sign-up, passwords and addresses of the person asking.
ACCOUNT_PAGES = "account_"
#: The admin: staff only (tests/site/test_staff_admin.py, test_admin_privileges.py).
ADMIN = "admin"
