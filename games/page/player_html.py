"""Every player name the site shows, one way: ``player(who)``, in templates
``{% load players %}{% player who %}``.

``who`` is a seat, a user or a profile. A person's name links to their public page; a bot is
shown as a bot and a former player as such, with no link (they have no page). Pass
``absolute=True`` where the link leaves the site (an e-mail). No query of its own: the caller
reads seats with ``user__profile`` and users with ``profile``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from accounts.models import Profile
from games.models import Seat, SeatKind


def player_url(display_name: str) -> str:
    """The path of a person's public page."""
    return reverse("ratings:player", args=[display_name])


def _profile(who: Seat | User | Profile | None) -> Profile | None:
    if isinstance(who, Profile):
        return who
    user = who.user if isinstance(who, Seat) else who
    return getattr(user, "profile", None) if user is not None else None


def player(who: Seat | User | Profile | None, absolute: bool = False) -> SafeString:
    """A player's name, linked to their page when they have one."""
    if isinstance(who, Seat) and who.kind == SeatKind.BOT:
        return format_html('<span class="player bot">{}</span>', who.name)
    profile = _profile(who)
    if profile is None:  # no page: a deleted account, or one that never logged in (an admin's)
        if isinstance(who, Seat):
            name = who.name  # the seat's rule: "former player", or the account's username
        else:
            name = who.get_username() if isinstance(who, User) else _("former player")
        return format_html('<span class="player former">{}</span>', name)
    url = player_url(profile.display_name)
    if absolute:
        url = f"{settings.SITE_URL}{url}"
    return format_html('<a class="player" href="{}">{}</a>', url, profile.display_name)
