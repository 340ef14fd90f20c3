"""One-click unsubscribe: a signed link per person and kind that turns that kind off.

The link needs no log-in, so the token is all the proof there is: it is signed with the site's
secret, names one person and one kind, and expires. A tampered or expired token changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.db import models, transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import EmailMode, Profile
from accounts.services import change_mail_settings
from games.models.outbox import Kind
from games.notifications.rules import SWITCH

SALT = "games.notifications.unsubscribe"


class BadUnsubscribeLink(ValueError):
    """The link was altered, has expired, or names nobody we know."""


@dataclass(frozen=True)
class Unsubscribe:
    """What a valid link asks for: this person no longer wants this kind of mail."""

    user: User
    kind: Kind

    @property
    def what(self) -> str:
        """The setting the link turns off, as the settings page names it."""
        if self.kind == Kind.DIGEST:
            return _("the daily digest")
        field = Profile._meta.get_field(SWITCH[self.kind])
        assert isinstance(field, models.BooleanField)
        # Translators: a setting's name quoted in a sentence ("This turns off “Each new round”").
        return _("“%(setting)s”") % {"setting": field.verbose_name}


def max_age() -> timedelta:
    return timedelta(days=settings.NOTIFY_UNSUBSCRIBE_DAYS)


def unsubscribe_token(user: User, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": str(kind)}, salt=SALT)


def unsubscribe_url(user: User, kind: str) -> str:
    """The absolute one-click link for this person and kind (``List-Unsubscribe``)."""
    path = reverse("games:unsubscribe", args=[unsubscribe_token(user, kind)])
    return f"{settings.SITE_URL}{path}"


def read_unsubscribe(token: str) -> Unsubscribe:
    """What a token asks for; raises :class:`BadUnsubscribeLink` for anything not genuine."""
    try:
        data = signing.loads(token, salt=SALT, max_age=max_age())
        kind = Kind(data["k"])
        user = User.objects.get(pk=data["u"], is_active=True)
    except (signing.BadSignature, KeyError, TypeError, ValueError, User.DoesNotExist):
        raise BadUnsubscribeLink(_("This unsubscribe link is not valid or has expired.")) from None
    return Unsubscribe(user, kind)


@transaction.atomic
def turn_off(request: Unsubscribe) -> None:
    """Turn the kind off in the person's settings (the digest: no more e-mail at all)."""
    profile = Profile.objects.select_for_update().filter(user=request.user).first()
    if profile is None:
        return
    if request.kind == Kind.DIGEST:
        change_mail_settings(profile, {"email_mode": EmailMode.OFF})
    else:
        change_mail_settings(profile, {SWITCH[request.kind]: False})
