"""Forms for signing up, logging in and the settings pages.

allauth's own forms are subclassed (``ACCOUNT_FORMS``) only to speak the site's language:
sentence-case labels, no placeholders repeating the labels, and the sign-up extras.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from allauth.account import forms as allauth_forms
from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import DISPLAY_NAME_MAX, EmailMode, Profile, validate_display_name
from accounts.services import MAIL_SETTINGS, PUSH_SETTINGS, display_name_taken
from accounts.zones import DEFAULT_ZONE, validate_time_zone, zone_choices, zone_label

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

EMAIL_MAX = 254
# Vacation dates lie within this many days of today, before or after.
VACATION_REACH_DAYS = 365

PASSWORD_HELP = gettext_lazy(
    "At least 8 characters. Not a common password, not only digits, and not like your "
    "e-mail address."
)


def _taken(name: str) -> ValidationError:
    return ValidationError(
        _("“%(name)s” is already taken. Please choose another name."),
        code="display_name_taken",
        params={"name": name},
    )


class SiteLabelsMixin:
    """Relabel fields in the site's voice and drop placeholders that only repeat the label."""

    labels: dict[str, StrOrPromise] = {}
    help_texts: dict[str, StrOrPromise] = {}
    fields: dict[str, forms.Field]

    def _speak_our_language(self) -> None:
        for name, field in self.fields.items():
            field.widget.attrs.pop("placeholder", None)
            if name in self.labels:
                field.label = self.labels[name]
            if name in self.help_texts:
                field.help_text = self.help_texts[name]
            if name == "email":
                _limit_address(field)


def _limit_address(field: forms.Field) -> None:
    """No address longer than mail allows (RFC 5321: 254 characters) is ever taken."""
    field.max_length = EMAIL_MAX  # type: ignore[attr-defined]
    field.widget.attrs["maxlength"] = str(EMAIL_MAX)
    field.validators.append(
        MaxLengthValidator(
            EMAIL_MAX,
            _("An e-mail address has at most %(limit_value)d characters; check this one."),
        )
    )


class DisplayNameField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", gettext_lazy("Display name"))
        kwargs.setdefault(
            "help_text",
            gettext_lazy("What other players see: 3–20 letters a–z, digits, “_” or “-”."),
        )
        super().__init__(
            validators=[validate_display_name],
            widget=forms.TextInput(
                attrs={
                    "maxlength": str(DISPLAY_NAME_MAX),
                    "autocomplete": "nickname",
                    "autocapitalize": "none",
                    "spellcheck": "false",
                }
            ),
            **kwargs,
        )


class TimeZoneField(forms.CharField):
    """A ``<select>`` of zones grouped by region that accepts any IANA name we know."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", gettext_lazy("Time zone"))
        kwargs.setdefault(
            "help_text",
            gettext_lazy("Deadlines and the daily digest hour are shown and applied in this zone."),
        )
        super().__init__(
            validators=[validate_time_zone],
            widget=forms.Select(),
            **kwargs,
        )

    def offer(self, current: str | None, browser: str) -> None:
        """List the zones (keeping ``current`` even if it is an old alias) and tell
        ``static/js/timezone.js`` to ``prefill`` the browser's zone or ``suggest`` it."""
        self.widget.choices = zone_choices(current)
        self.widget.attrs["data-browser-zone"] = browser


class SignupForm(SiteLabelsMixin, allauth_forms.SignupForm):
    display_name = DisplayNameField()
    time_zone = TimeZoneField(initial=DEFAULT_ZONE)

    field_order = ["display_name", "email", "password1", "password2", "time_zone"]
    labels = {
        "email": gettext_lazy("E-mail address"),
        "password1": gettext_lazy("Password"),
        "password2": gettext_lazy("Password again"),
    }
    help_texts = {
        "email": gettext_lazy(
            "For logging in and for news of your tables. Never shown to other players."
        ),
        "password1": PASSWORD_HELP,
        "time_zone": gettext_lazy(
            "Deadlines are shown in this zone; we start from your device's setting."
        ),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._speak_our_language()
        zone_field = self.fields["time_zone"]
        assert isinstance(zone_field, TimeZoneField)
        if self.is_bound:
            zone_field.offer(self.data.get("time_zone"), browser="suggest")
        else:
            zone_field.offer(None, browser="prefill")

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        if display_name_taken(name):
            raise _taken(name)
        return name

    def try_save(self, request: HttpRequest) -> tuple[User | None, HttpResponse | None]:
        # Two people may pick the same free name at the same moment; the database refuses the
        # second one, who then sees the usual "taken" message instead of an error page.
        try:
            with transaction.atomic():
                user, response = super().try_save(request)
        except IntegrityError:
            name = self.cleaned_data["display_name"]
            if not display_name_taken(name):
                raise
            self.add_error("display_name", _taken(name))
            return None, TemplateResponse(request, "account/signup.html", {"form": self})
        return user, response


class LoginForm(SiteLabelsMixin, allauth_forms.LoginForm):
    labels = {
        "login": gettext_lazy("E-mail address"),
        "remember": gettext_lazy("Keep me logged in on this device"),
    }
    # allauth puts a reset link in the password's hint, between the two fields in tab order;
    # the page offers it after the form instead.
    help_texts: dict[str, StrOrPromise] = {"password": ""}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._speak_our_language()
        if "remember" in self.fields:
            # Games last days: most people want to come back from an e-mail link logged in.
            self.fields["remember"].initial = True


class AddEmailForm(SiteLabelsMixin, allauth_forms.AddEmailForm):
    labels = {"email": gettext_lazy("New e-mail address")}
    help_texts = {
        "email": gettext_lazy("We send a link there; the change happens once you open it.")
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._speak_our_language()


class ChangePasswordForm(SiteLabelsMixin, allauth_forms.ChangePasswordForm):
    labels = {
        "oldpassword": gettext_lazy("Current password"),
        "password1": gettext_lazy("New password"),
        "password2": gettext_lazy("New password again"),
    }
    help_texts: dict[str, StrOrPromise] = {"oldpassword": "", "password1": PASSWORD_HELP}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._speak_our_language()


class ResetPasswordForm(SiteLabelsMixin, allauth_forms.ResetPasswordForm):
    labels = {"email": gettext_lazy("E-mail address")}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._speak_our_language()


class ResetPasswordKeyForm(SiteLabelsMixin, allauth_forms.ResetPasswordKeyForm):
    labels = {
        "password1": gettext_lazy("New password"),
        "password2": gettext_lazy("New password again"),
    }
    help_texts = {"password1": PASSWORD_HELP}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._speak_our_language()


# Settings -------------------------------------------------------------------------------------


class ProfileForm(forms.Form):
    """Name, zone and language. A plain form, so the profile only changes through the service."""

    display_name = DisplayNameField()
    time_zone = TimeZoneField()
    # Each language named in itself (settings.LANGUAGES), after "leave it to the browser".
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        choices=[("", gettext_lazy("My browser's language")), *settings.LANGUAGES],
        required=False,
        help_text=gettext_lazy("The site speaks to you in this language on every device."),
    )

    def __init__(self, profile: Profile, *args: Any, **kwargs: Any) -> None:
        self.profile = profile
        kwargs.setdefault(
            "initial",
            {
                "display_name": profile.display_name,
                "time_zone": profile.time_zone,
                "language": profile.language,
            },
        )
        super().__init__(*args, **kwargs)
        zone_field = self.fields["time_zone"]
        assert isinstance(zone_field, TimeZoneField)
        current = self.data.get("time_zone") if self.is_bound else profile.time_zone
        zone_field.offer(current, browser="suggest")

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        if display_name_taken(name, exclude_user_id=self.profile.user_id):
            raise _taken(name)
        return name


class NotificationsForm(forms.ModelForm):
    """The mail and push settings, checked against the profile's fields; saved by the service."""

    email_mode = forms.ChoiceField(
        label=gettext_lazy("How often we write"),
        choices=EmailMode.choices,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": gettext_lazy("Pick one of the three choices.")},
    )
    digest_hour = forms.TypedChoiceField(
        label=gettext_lazy("Digest hour"),
        coerce=int,
        choices=[(hour, f"{hour:02d}:00") for hour in range(24)],
        error_messages={
            "invalid_choice": gettext_lazy("Pick an hour from the list (00:00 to 23:00).")
        },
    )

    class Meta:
        model = Profile
        fields = [*MAIL_SETTINGS, *PUSH_SETTINGS]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone = zone_label(self.instance.zone, timezone.now())
        self.fields["digest_hour"].help_text = _(
            "Your time (%(zone)s). Only used when you choose the daily digest."
        ) % {"zone": zone}


class VacationForm(forms.ModelForm):
    """The days away, checked against the profile's zone; saved by the service."""

    class Meta:
        model = Profile
        fields = ["vacation_from", "vacation_until"]
        widgets = {
            "vacation_from": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "vacation_until": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        first, last = cleaned.get("vacation_from"), cleaned.get("vacation_until")
        if "vacation_from" in self.errors or "vacation_until" in self.errors:
            return cleaned
        if (first is None) != (last is None):
            missing = "vacation_until" if last is None else "vacation_from"
            self.add_error(missing, _("Give both the first and the last day, or leave both empty."))
        elif first is not None and last is not None:
            if last < first:
                self.add_error("vacation_until", _("The last day can't be before the first day."))
            elif last < self.instance.local_date(timezone.now()):
                self.add_error("vacation_until", _("That holiday is already over. Check the year?"))
            else:
                self._within_reach(first, last)
        return cleaned

    def _within_reach(self, first: date, last: date) -> None:
        today = self.instance.local_date(timezone.now())
        reach = timedelta(days=VACATION_REACH_DAYS)
        if first < today - reach:
            self.add_error("vacation_from", _("Pick a first day less than a year ago."))
        if last > today + reach:
            self.add_error("vacation_until", _("Pick a last day at most a year from today."))


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=gettext_lazy("To be sure it's you."),
    )

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(
                _("That is not your password. Nothing was deleted."), code="wrong_password"
            )
        return password
