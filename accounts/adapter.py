"""How allauth fits the site: profiles at sign-up, links built on SITE_URL, our own wording."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any
from urllib.parse import quote

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.contrib.auth.models import User
from django.forms import Form
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy

from accounts import services
from accounts.models import Profile
from accounts.zones import DEFAULT_ZONE, zone_or_utc


def site_url(path: str) -> str:
    """The public address of ``path``: links in e-mails never trust the request's Host."""
    return f"{settings.SITE_URL}{path}"


def speaking_to(user: object) -> AbstractContextManager[None]:
    """The language of a mail about an account: the one its holder chose, else the page's."""
    profile = getattr(user, "profile", None)
    chosen = profile.language if isinstance(profile, Profile) else ""
    return translation.override(chosen) if chosen else nullcontext()


def _chosen_language() -> str:
    """The language the sign-up page spoke, when it is not the site's own: a newcomer who signs
    up on French pages gets French mail from the start; one on English pages keeps following
    their browser."""
    language = translation.get_language() or ""
    known = {code for code, _name in settings.LANGUAGES}
    return language if language in known and language != settings.LANGUAGE_CODE else ""


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "email_password_mismatch": gettext_lazy(
            "That e-mail address and password don't match an account. Check both, or reset "
            "your password."
        ),
        "email_taken": gettext_lazy("There is already an account with this e-mail address."),
        "enter_current_password": gettext_lazy("That is not your current password."),
        "invalid_password_reset": gettext_lazy("This password reset link is not valid."),
        "same_as_current": gettext_lazy("That is already your e-mail address."),
        "too_many_login_attempts": gettext_lazy(
            "Too many failed log-in attempts for this address. To keep your account safe, "
            "log-in is paused for a few minutes; try again later or reset your password."
        ),
        "rate_limited": gettext_lazy(
            "Too many attempts in a short time. Please wait a minute and try again."
        ),
    }

    def populate_username(self, request: HttpRequest, user: User) -> None:
        # The username is the display name, set in save_user; allauth would derive one from
        # the e-mail address, which other players must never see.
        return None

    def save_user(self, request: HttpRequest, user: User, form: Form, commit: bool = True) -> User:
        user = super().save_user(request, user, form, commit=False)
        if commit:
            services.create_profile(
                user,
                display_name=form.cleaned_data["display_name"],
                time_zone=form.cleaned_data["time_zone"],
                language=_chosen_language(),
            )
        return user

    # Set by login(): allauth renders the "logged in" message from the same adapter right after.
    first_log_in = False

    def login(self, request: HttpRequest, user: User) -> None:
        # Django stamps last_login as it logs the person in, so it is None only the first time.
        self.first_log_in = user.last_login is None
        super().login(request, user)
        # People made with createsuperuser have no profile until they first log in here.
        services.ensure_profile(user)

    def add_message(
        self,
        request: HttpRequest,
        level: int,
        message_template: str | None = None,
        message_context: dict[str, Any] | None = None,
        extra_tags: str = "",
        message: str | None = None,
    ) -> None:
        # A newcomer is welcomed and shown where to start, not welcomed "back".
        if message_template == "account/messages/logged_in.txt" and self.first_log_in:
            message_template = "account/messages/first_logged_in.txt"
        super().add_message(request, level, message_template, message_context, extra_tags, message)

    # Mail -------------------------------------------------------------------------------------

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        # Rendered now, sent by the worker: a slow or failing mail server never holds up or
        # fails a sign-up or a reset (the outbox retries it until the server is back).
        context = {"email": email, **context, "site_url": settings.SITE_URL}
        # The outbox is the games app's; the accounts app knows it only by this setting.
        queue = import_string(settings.ACCOUNT_MAIL_QUEUE)
        # In the account holder's chosen language, whoever asked for it; a mail to an address
        # with no account yet, or to someone who chose none (a newcomer signing up), goes in the
        # language of the page it was asked from.
        with speaking_to(context.get("user")):
            queue(self.render_mail(template_prefix, email, context))

    def send_notification_mail(
        self,
        template_prefix: str,
        user: Any,
        context: dict[str, Any] | None = None,
        email: str | None = None,
    ) -> None:
        # "A change to your account … at 14:02": rendered inside the request, it would take the
        # zone of whoever made the request (a visitor's browser); it is the account holder's.
        profile = getattr(user, "profile", None)
        zone = profile.zone if isinstance(profile, Profile) else zone_or_utc(DEFAULT_ZONE)
        with timezone.override(zone), speaking_to(user):
            super().send_notification_mail(template_prefix, user, context, email)

    def get_email_confirmation_url(self, request: HttpRequest, emailconfirmation: Any) -> str:
        return site_url(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def get_reset_password_from_key_url(self, key: str) -> str:
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return site_url(path.replace("UID-KEY", quote(key)))

    def send_account_already_exists_mail(self, email: str) -> None:
        self.send_mail(
            "account/email/account_already_exists",
            email,
            {
                "login_url": site_url(reverse("account_login")),
                "password_reset_url": site_url(reverse("account_reset_password")),
            },
        )
