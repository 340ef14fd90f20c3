"""The only code of the site that writes accounts: profiles at sign-up, renames, the mail
settings, holidays, and deleting an account. (Staff may also edit a profile in the admin.)

A user's ``username`` mirrors their display name, so anything that prints a user (the header,
the admin, ``str(user)``) shows the public name and never a piece of the e-mail address.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import date

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Profile, validate_display_name
from accounts.signals import account_closing
from accounts.zones import DEFAULT_ZONE


def display_name_taken(name: str, *, exclude_user_id: int | None = None) -> bool:
    """Whether another person already goes by ``name`` (any letter case). One query."""
    users = User.objects.filter(Q(username__iexact=name) | Q(profile__display_name__iexact=name))
    if exclude_user_id is not None:
        users = users.exclude(pk=exclude_user_id)
    return users.exists()


def create_profile(user: User, *, display_name: str, time_zone: str, language: str = "") -> Profile:
    """Give a newly signed-up user their profile, and their display name as username.

    ``language``: the one they signed up in, kept so their mail speaks it too (empty: the
    browser's, and mail in the site's)."""
    with transaction.atomic():
        user.username = display_name
        user.save()
        return Profile.objects.create(
            user=user, display_name=display_name, time_zone=time_zone, language=language
        )


def _derived_name(user: User) -> str:
    """A free display name for a user who has none yet (e.g. made by ``createsuperuser``)."""
    username = user.get_username()
    try:
        validate_display_name(username)
    except ValidationError:
        pass
    else:
        if not display_name_taken(username, exclude_user_id=user.pk):
            return username
    name = f"player-{user.pk}"
    while display_name_taken(name, exclude_user_id=user.pk):
        name = f"player-{secrets.token_hex(3)}"
    return name


def ensure_profile(user: User) -> Profile:
    """The user's profile, creating one with a derived name for users made outside sign-up."""
    try:
        profile: Profile = user.profile  # type: ignore[attr-defined,unused-ignore]
    except Profile.DoesNotExist:
        profile, _ = Profile.objects.get_or_create(
            user=user, defaults={"display_name": _derived_name(user), "time_zone": DEFAULT_ZONE}
        )
    return profile


def update_profile(
    profile: Profile, *, display_name: str, time_zone: str, language: str | None = None
) -> Profile:
    """Rename and/or move a player to another time zone or language (None: as it was); the
    username follows the name."""
    renamed = display_name != profile.display_name
    with transaction.atomic():
        profile.display_name = display_name
        profile.time_zone = time_zone
        fields = ["display_name", "time_zone"]
        if language is not None:
            profile.language = language
            fields.append("language")
        profile.save(update_fields=fields)
        if renamed:
            user = profile.user
            user.username = display_name
            user.save(update_fields=["username"])
    return profile


#: What a person chooses about the mail we send them: how often, at what hour, and about what.
MAIL_SETTINGS = (
    "email_mode",
    "digest_hour",
    "notify_new_round",
    "notify_reminders",
    "notify_deadline",
    "notify_game_finished",
    "notify_invitations",
    "notify_challenge",
    "notify_chat",
)
#: What a person chooses about push notifications to their devices: about what.
PUSH_SETTINGS = (
    "push_new_round",
    "push_reminders",
    "push_deadline",
    "push_game_finished",
    "push_invitations",
    "push_challenge",
)


def set_language(profile: Profile, language: str) -> Profile:
    """The language the site speaks to the player on every device ("": their browser's)."""
    profile.language = language
    profile.save(update_fields=["language"])
    return profile


def change_mail_settings(profile: Profile, choices: Mapping[str, object]) -> Profile:
    """Save the person's choices about mail and push (:data:`MAIL_SETTINGS`,
    :data:`PUSH_SETTINGS`): only those in ``choices``.

    From the settings page, or one setting turned off by an unsubscribe link. One query.
    """
    unknown = set(choices) - set(MAIL_SETTINGS) - set(PUSH_SETTINGS)
    if unknown:
        raise ValueError(f"Not a mail setting: {', '.join(sorted(unknown))}.")
    for name, value in choices.items():
        setattr(profile, name, value)
    profile.save(update_fields=list(choices))
    return profile


def set_vacation(profile: Profile, first: date | None, last: date | None) -> Profile:
    """Set the days a person is away, first and last included; two Nones clear them. One query."""
    profile.vacation_from, profile.vacation_until = first, last
    profile.save(update_fields=["vacation_from", "vacation_until"])
    return profile


def delete_account(user: User) -> None:
    """Remove the person's log-in, e-mail addresses and profile.

    Their seats in games are kept by the games app (``on_delete=SET_NULL``) and show as
    "former player", so nobody else loses a game: first, told by ``account_closing`` in the same
    transaction, the games app hands their seats in play to the autopilot, frees their seats at
    forming tables and withdraws their unfinished challenge entry.
    """
    with transaction.atomic():
        account_closing.send(sender=User, user=user, now=timezone.now())
        user.delete()
