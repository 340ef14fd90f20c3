"""What ``base.html`` puts round every page, built in Python: the links and scripts of its head,
the header's links (the signed-in person's, everyone's, the account's) and the footer with the
language switch.

None of it changes with the page, only with the language (and the footer's form with the
request's CSRF token), yet drawn through the template language (two dozen nodes: addresses,
static files, translations, the languages' loop) it took some 0.8 ms of every page, a tenth of
a game page drawn afresh. ``tests/games/test_chrome_html.py`` keeps the template's text and
compares. The header's own links and the account's followed (``tests/games/test_header_html.py``):
drawn by the template language they took 0.19 ms of CPU, in Python 0.10 (one process, the
best of five runs of 3 000), on every page and in the count a poll's answer sends.

The JavaScript's words come first among the scripts, in the page's language
(``tipperary_site.views.javascript_words``): deferred scripts and modules run in the order they
appear, so each one finds gettext on the window (``static/js/words.js``).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django_htmx.jinja import htmx_script

from games.page.csrf_html import csrf_input


def head_links() -> SafeString:
    """The page's description, style sheet, icons and manifest."""
    description = escape(
        gettext("Play Tipperary, the tile-laying board game, with friends at your own pace.")
    )
    return mark_safe(
        f'<meta name="description" content="{description}">\n'
        f'  <link rel="stylesheet" href="{static("css/site.css")}">\n'
        f'  <link rel="icon" href="{static("img/favicon.svg")}" type="image/svg+xml">\n'
        f'  <link rel="manifest" href="{reverse("push:manifest")}">\n'
        f'  <link rel="apple-touch-icon" href="{static("img/app/icon-192.png")}">\n'
        '  <meta name="theme-color" content="#1f4d3a">'
    )


def head_scripts(nonce: str | None = None) -> SafeString:
    """The scripts every page runs: the JavaScript's words first, then htmx and our own."""
    words = reverse("jsi18n", args=[get_language()])
    return mark_safe(
        f'<script src="{words}" defer></script>\n\n'
        f'  <script src="{static("js/refusals.js")}" defer></script>\n'
        f'  <script src="{static("js/timezone.js")}" defer></script>\n'
        f"  {htmx_script(nonce=nonce)}\n"
        f'  <script type="module" src="{static("js/zoom.js")}"></script>\n'
        f'  <script type="module" src="{static("js/app.js")}"></script>'
    )


# The words of the three parts below are the site's own translations, written in as the template
# language wrote its literals ({% translate %}, {% blocktranslate %}): unescaped ("S'inscrire").
# (The parts above and the footer escape theirs; none of their translations holds a character
# that escaping would change.)


def nav_mine(tables_waiting: int, oob: bool = False) -> SafeString:
    """The link to the person's games, with the count of the tables waiting for their move;
    ``oob``: to be swapped into the header from a fragment (htmx's out-of-band swap)."""
    badge = ""
    if tables_waiting:
        # Translators: read out after the number of tables waiting for the person's move.
        words = ngettext("waiting for you", "waiting for you", tables_waiting)
        # The space and the line break before the words are the old template's (its comment's).
        badge = (
            f' <span class="badge" id="tables-waiting">{escape(tables_waiting)}'
            f'<span class="visually-hidden"> \n{words}</span></span>'
        )
    swap = ' hx-swap-oob="true"' if oob else ""
    mine = gettext("Your games")
    return mark_safe(f'<a href="{reverse("games:mine")}" id="nav-mine"{swap}>{mine}{badge}</a>\n')


def signed_in_links(tables_waiting: int) -> SafeString:
    """The header's links for a person signed in: their games, the lobby, the finished games."""
    lobby = gettext("Lobby")
    finished = pgettext("the list of finished games", "Finished")
    return mark_safe(
        f"\n          {nav_mine(tables_waiting)}"
        f'\n          <a href="{reverse("games:lobby")}">{lobby}</a>\n'
        f'          <a href="{reverse("games:finished")}">{finished}</a>\n        '
    )


def account_links(user: AbstractBaseUser | AnonymousUser | None, csrf_token: str) -> SafeString:
    """The header's account links: the person's settings and the log-out button, or for a
    visitor the log-in and sign-up links."""
    if user is not None and user.is_authenticated:
        # Translators: read out before the person's name, on the link to their settings.
        settings_for = gettext("Settings for")
        name = escape(user.get_username())
        log_out = gettext("Log out")
        return mark_safe(
            f'\n          <a class="who" href="{reverse("accounts:settings")}"><span '
            f'class="visually-hidden">{settings_for} </span>{name}</a>\n'
            f'          <form method="post" action="{reverse("account_logout")}" class="inline">\n'
            f"            {csrf_input(csrf_token)}\n"
            f'            <button type="submit" class="link-button">{log_out}</button>\n'
            "          </form>\n        "
        )
    log_in, sign_up = gettext("Log in"), gettext("Sign up")
    return mark_safe(
        f'\n          <a href="{reverse("account_login")}">{log_in}</a>\n'
        f'          <a class="button small" href="{reverse("account_signup")}">{sign_up}</a>\n'
        "        "
    )


def site_links() -> SafeString:
    """The header's links everyone sees: the challenge, tournaments, rules and leaderboard."""
    links = (
        ("challenge:this_week", gettext("Challenge")),
        ("tournaments:list", gettext("Tournaments")),
        ("rules", gettext("Rules")),
        ("ratings:leaderboard", gettext("Leaderboard")),
    )
    return mark_safe(
        "\n        ".join(f'<a href="{reverse(name)}">{escape(words)}</a>' for name, words in links)
    )


def site_footer(csrf_token: str) -> SafeString:
    """The footer: the site's line, the rules, its status, and the language switch.

    The switch is a plain form, so it works without JavaScript. It comes back to this page by
    the Referer (sent to our own origin): the page never writes its own address, which on a
    refusal could name a table the viewer may not see.
    """
    current = get_language()  # each language named in itself, never translated
    options = "".join(
        f'<option value="{escape(code)}" lang="{escape(code)}"'
        f"{' selected' if code == current else ''}>{escape(name)}</option>"
        for code, name in settings.LANGUAGES
    )
    rules, status = reverse("rules"), reverse("healthz")
    line = escape(gettext("Tipperary, played at your own pace."))
    rules_words, status_words = (
        escape(gettext("The rules")),
        escape(pgettext("whether the site is working", "Status")),
    )
    language, change = (
        escape(gettext("Language")),
        escape(pgettext("a button: switch to the chosen language", "Change")),
    )
    return mark_safe(
        '<footer class="site-footer">\n'
        '    <div class="wrap footer-row">\n'
        f'      <p>{line} <a href="{rules}">{rules_words}</a> · '
        f'<a href="{status}">{status_words}</a></p>\n'
        f'      <form method="post" action="{reverse("accounts:language")}" '
        'class="language-switch">\n'
        f"        {csrf_input(csrf_token)}\n"
        f'        <label for="site-language">{language}</label>\n'
        '        <select id="site-language" name="language">\n'
        f"          {options}\n"
        "        </select>\n"
        f'        <button type="submit">{change}</button>\n'
        "      </form>\n"
        "    </div>\n"
        "  </footer>"
    )
