"""Settings pages, the language switch and the "too many attempts" page (a player's public
page is the ratings')."""

from __future__ import annotations

from allauth.core import ratelimit
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import services
from accounts.forms import DeleteAccountForm, NotificationsForm, ProfileForm, VacationForm


def _me(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # login_required let only a logged-in user through
    return user


@login_required
@require_http_methods(["GET", "POST"])
def profile_settings(request: HttpRequest) -> HttpResponse:
    """Display name and time zone."""
    profile = services.ensure_profile(_me(request))
    form = ProfileForm(profile, request.POST or None)
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        services.update_profile(
            profile,
            display_name=form.cleaned_data["display_name"],
            time_zone=form.cleaned_data["time_zone"],
            language=language,
        )
        messages.success(request, _("Your profile is saved."))
        response = redirect("accounts:settings")
        # This browser keeps the choice after logging out too; "my browser's" forgets the switch's.
        if language:
            _remember_language(response, language)
        else:
            response.delete_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                samesite="Lax",
            )
        return response
    return TemplateResponse(
        request,
        "accounts/settings_profile.html",
        {"form": form, "profile": profile, "now": timezone.now()},
    )


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request: HttpRequest) -> HttpResponse:
    """How and about what we e-mail the player."""
    profile = services.ensure_profile(_me(request))
    form = NotificationsForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        services.change_mail_settings(profile, form.cleaned_data)
        messages.success(request, _("Your e-mail settings are saved."))
        return redirect("accounts:notifications")
    return TemplateResponse(
        request,
        "accounts/settings_notifications.html",
        {"form": form, "profile": profile},
    )


@login_required
@require_http_methods(["GET", "POST"])
def vacation_settings(request: HttpRequest) -> HttpResponse:
    """The days a player is away."""
    profile = services.ensure_profile(_me(request))
    form = VacationForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        services.set_vacation(profile, data["vacation_from"], data["vacation_until"])
        if profile.vacation_from is None:
            messages.success(request, _("No holiday planned: you're around."))
        else:
            messages.success(request, _("Your holiday is saved. Enjoy it!"))
        return redirect("accounts:vacation")
    return TemplateResponse(
        request,
        "accounts/settings_vacation.html",
        {
            "form": form,
            "profile": profile,
            "away": profile.on_vacation(timezone.now()),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request: HttpRequest) -> HttpResponse:
    """Delete the account after the password is given; games keep a "former player" seat."""
    user = _me(request)
    form = DeleteAccountForm(user, request.POST or None)
    if request.method == "POST":
        # The password field must not become a way to guess passwords without limit.
        if not ratelimit.consume(request, action="reauthenticate", user=user):
            return ratelimit.respond_429(request)
        if form.is_valid():
            services.delete_account(user)
            logout(request)
            messages.success(
                request,
                _(
                    "Your account is deleted: your e-mail address and log-in are gone. "
                    "Your seats in past games stay, shown as “former player”."
                ),
            )
            return redirect("home")
    return TemplateResponse(request, "accounts/settings_delete.html", {"form": form})


def _remember_language(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite="Lax",
    )


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's switch: the language in this browser's cookie and, for a logged-in person,
    in their profile (so every device follows); then back to ``next``, else to the page it was
    sent from (the Referer), when that is one of ours, else home."""
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return HttpResponseBadRequest(
            _("Pick a language from the list. Nothing was changed."),
            content_type="text/plain; charset=utf-8",
        )
    back = request.POST.get("next") or request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    if request.user.is_authenticated:
        services.set_language(services.ensure_profile(_me(request)), language)
    response = redirect(back)
    _remember_language(response, language)
    return response


def too_many_requests(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """allauth's rate limits (log-in, sign-up, password reset…) land here with status 429."""
    return render(request, "accounts/too_many_requests.html", status=429)
