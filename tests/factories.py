"""Factories shared by every suite. ``UserFactory()`` is a player who can log in: a verified
primary e-mail address, a known password and a profile whose display name is the username."""

from __future__ import annotations

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from factory.django import DjangoModelFactory, Password

from accounts.models import Profile

PASSWORD = "wheel-turns-twice"


class ProfileFactory(DjangoModelFactory[Profile]):
    class Meta:
        model = Profile
        skip_postgeneration_save = True

    user = factory.SubFactory("tests.factories.UserFactory", profile=None)
    display_name = factory.LazyAttribute(lambda profile: profile.user.username)
    time_zone = "UTC"


class EmailAddressFactory(DjangoModelFactory[EmailAddress]):
    class Meta:
        model = EmailAddress

    user = factory.SubFactory("tests.factories.UserFactory", email_address=None)
    email = factory.LazyAttribute(lambda address: address.user.email)
    verified = True
    primary = True


class UserFactory(DjangoModelFactory[User]):
    """A player. ``UserFactory(email_address__verified=False)`` has not confirmed yet;
    ``UserFactory(profile=None)`` has no profile (like a ``createsuperuser`` user)."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username.lower()}@example.com")
    password = Password(PASSWORD)
    profile = factory.RelatedFactory(ProfileFactory, factory_related_name="user")
    email_address = factory.RelatedFactory(EmailAddressFactory, factory_related_name="user")
