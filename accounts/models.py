"""A player's profile: the public display name, time zone, language, mail and push settings,
holidays."""

from __future__ import annotations

import re
import zoneinfo
from datetime import date, datetime

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.zones import DEFAULT_ZONE, validate_time_zone, zone_or_utc

DISPLAY_NAME_MIN = 3
DISPLAY_NAME_MAX = 20
_DISPLAY_NAME = re.compile(r"[A-Za-z0-9_-]+")

# Names that would let someone pass for the site itself or for a seat nobody holds.
RESERVED_NAMES = frozenset(
    {
        "admin",
        "administrator",
        "autopilot",
        "bot",
        "former-player",
        "former_player",
        "moderator",
        "root",
        "staff",
        "support",
        "system",
        "tipperary",
    }
)


def validate_display_name(value: str) -> None:
    """3–20 characters of letters a–z, digits, ``_`` and ``-``, and not a reserved name."""
    if not DISPLAY_NAME_MIN <= len(value) <= DISPLAY_NAME_MAX:
        raise ValidationError(
            _("A display name has %(min)d to %(max)d characters; this one has %(length)d."),
            code="display_name_length",
            params={"min": DISPLAY_NAME_MIN, "max": DISPLAY_NAME_MAX, "length": len(value)},
        )
    if not _DISPLAY_NAME.fullmatch(value):
        raise ValidationError(
            _("Use only letters a–z, digits, “_” and “-” (no spaces or accents)."),
            code="display_name_characters",
        )
    if value.lower() in RESERVED_NAMES:
        raise ValidationError(
            _("“%(value)s” is kept for the site itself. Please choose another name."),
            code="display_name_reserved",
            params={"value": value},
        )


class EmailMode(models.TextChoices):
    EACH = "each", gettext_lazy("As things happen: one e-mail each time")
    DIGEST = "digest", gettext_lazy("Once a day: one digest at the hour below")
    OFF = "off", gettext_lazy("Never: I'll look in myself")


class Profile(models.Model):
    """One row per user, created with the account; what other players know of a person."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(
        max_length=DISPLAY_NAME_MAX,
        validators=[validate_display_name],
        help_text=gettext_lazy("What other players see. 3–20 letters a–z, digits, “_” or “-”."),
    )
    time_zone = models.CharField(
        max_length=64,
        default=DEFAULT_ZONE,
        validators=[validate_time_zone],
        help_text=gettext_lazy("Deadlines and the digest hour are shown and applied in this zone."),
    )
    # Empty: the language the browser asks for (or the switch's cookie). Names are not marked:
    # each language is named in itself.
    language = models.CharField(
        gettext_lazy("Language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        default="",
        help_text=gettext_lazy("The site speaks to you in this language on every device."),
    )
    email_mode = models.CharField(
        gettext_lazy("How often we write"),
        max_length=8,
        choices=EmailMode.choices,
        default=EmailMode.EACH,
    )
    digest_hour = models.PositiveSmallIntegerField(
        gettext_lazy("Digest hour"),
        default=8,
        validators=[MaxValueValidator(23)],
        help_text=gettext_lazy("The local hour (0–23) the daily digest goes out."),
    )
    notify_new_round = models.BooleanField(gettext_lazy("A new round starts"), default=True)
    notify_reminders = models.BooleanField(
        gettext_lazy("A table is still waiting for my move"), default=True
    )
    notify_deadline = models.BooleanField(gettext_lazy("A deadline is close"), default=True)
    notify_game_finished = models.BooleanField(gettext_lazy("A game is finished"), default=True)
    notify_invitations = models.BooleanField(
        gettext_lazy("Someone invites me to a table"), default=True
    )
    # Its own switch: turning the weekly mail off must leave the results of one's tables alone.
    notify_challenge = models.BooleanField(
        gettext_lazy("The weekly challenge's deal is up (with last week's result)"), default=True
    )
    # Table talk is never mailed one message at a time; this says whether the turn mails and
    # the digest mention what is new.
    notify_chat = models.BooleanField(
        gettext_lazy("Mention new table talk in those e-mails (never a mail per message)"),
        default=True,
    )
    # The same kinds by push to the person's devices (none until a device subscribes): turns
    # by default, the rest only when asked for.
    push_new_round = models.BooleanField(gettext_lazy("It's my turn in a new round"), default=True)
    push_reminders = models.BooleanField(
        gettext_lazy("A table still waits for my move"), default=True
    )
    push_deadline = models.BooleanField(gettext_lazy("A deadline is near"), default=True)
    push_game_finished = models.BooleanField(gettext_lazy("A game ends"), default=False)
    push_invitations = models.BooleanField(gettext_lazy("I'm invited to a table"), default=False)
    push_challenge = models.BooleanField(gettext_lazy("The weekly challenge opens"), default=False)
    vacation_from = models.DateField(gettext_lazy("First day away"), null=True, blank=True)
    vacation_until = models.DateField(gettext_lazy("Last day away"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"),
                name="accounts_profile_display_name_ci_unique",
                violation_error_message=gettext_lazy(
                    "That display name is taken. Please choose another."
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The person's time zone (UTC if the saved name is no longer in the tz database)."""
        return zone_or_utc(self.time_zone)

    def local_date(self, now: datetime) -> date:
        """The calendar date it is for this person at the instant ``now`` (aware)."""
        return now.astimezone(self.zone).date()

    def on_vacation(self, now: datetime) -> bool:
        """Whether ``now`` falls on a holiday day, first and last days included, in their zone.

        A holiday with only a first day runs until cleared; with only a last day, it has
        already begun.
        """
        if self.vacation_from is None and self.vacation_until is None:
            return False
        today = self.local_date(now)
        if self.vacation_from is not None and today < self.vacation_from:
            return False
        return self.vacation_until is None or today <= self.vacation_until


def public_name(user: AbstractBaseUser) -> str:
    """What other players see of a person: their display name, or their username if they have
    no profile (an account made with ``createsuperuser`` that never logged in). Reads the
    profile: callers read people with ``profile``."""
    profile = getattr(user, "profile", None)
    return profile.display_name if profile is not None else user.get_username()
