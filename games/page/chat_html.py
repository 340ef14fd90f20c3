"""The chat panel's markup built in Python: on every game page and every ``#table`` a poll sends.

Each line of table talk carries a mute form (two links, a CSRF token, a translated button) and
its time in the reader's zone; drawn through the template language, fifty lines cost more than
the rest of the game page. This writes the panel in one pass, as the counties, the wheel and the
scores are drawn (``games.page.county_html``, ``wheel_html``, ``others_html``); the links are
reversed once per panel, not per line.

The panel: ``<section id="chat">`` with the newest lines first (each with its author, its time and,
for other players' lines, a form to mute them at every table), the players the reader muted with
a form to unmute each, and the form to write (with the refusal beside the text kept, in the
answer to a post that was refused). ``oob`` marks it for htmx to place out of band; ``answer``
is the answer to a post, whose text box is replaced rather than kept (``hx-preserve``).
"""

from __future__ import annotations

from django.http import HttpRequest
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.access import TableAccess
from games.page.chat import ChatLine, ChatPanel, chat_panel
from games.page.csrf_html import csrf_input
from tipperary_site.auth import user_of
from tipperary_site.dates import iso

#: The panel in a poll's answer when the page's panel still shows the talk as it stands
#: (``games.page.chat.chat_mark``): htmx puts the panel the page has in its place
#: (``hx-preserve``), with what the reader was typing.
KEPT = mark_safe('\n\n<section class="panel chat" id="chat" hx-preserve="true"></section>\n')


def _form(action: str, css: str, csrf: str) -> str:
    """The opening of a form htmx posts to ``action``, answered with a new panel."""
    return (
        f'<form method="post" action="{action}" hx-post="{action}" hx-target="#chat" '
        f'hx-swap="outerHTML" class="{css}">{csrf}'
    )


def _line(line: ChatLine, mute: str, you: str) -> str:
    message = line.message
    author = you if line.mine else conditional_escape(line.author)
    when = message.created_at
    mine = " mine" if line.mine else ""
    out = [
        f'\n        <li class="chat-line{mine}" id="message-{message.pk}">\n'
        f'          <div class="chat-meta"><strong>{author}</strong>\n'
        f'            <time datetime="{iso(when)}">'
        f"{conditional_escape(date_format(timezone.localtime(when), 'D H:i'))}</time>\n            "
    ]
    if not line.mine and not line.former:
        # Translators: a button beside a message; the hidden part is read out.
        button = gettext('Mute<span class="visually-hidden"> %(name)s at every table</span>')
        out.append(
            f"\n              {mute}\n"
            f'                <input type="hidden" name="player" value="{message.author_id}">\n'
            f'                <button type="submit" class="link-button">'
            f"{button % {'name': conditional_escape(line.author)}}</button>\n"
            "              </form>\n            "
        )
    out.append(
        "\n          </div>\n"
        f'          <p class="chat-text">{linebreaksbr(message.text, autoescape=True)}</p>\n'
        "        </li>\n      "
    )
    return "".join(out)


def render_chat(
    chat: ChatPanel,
    *,
    csrf_token: object,
    oob: bool = False,
    answer: bool = False,
    error: str = "",
    text: str = "",
) -> SafeString:
    """The panel for ``chat`` (see the module docstring); ``error`` and ``text`` are a refused
    post's reason and the text it kept; ``csrf_token`` is the response's (or the stand-in of a
    page drawn to be stored, ``games.page.cache``)."""
    csrf = csrf_input(str(csrf_token or ""))
    out_of_band = ' hx-swap-oob="true"' if oob else ""
    # Each word asked for outside the f-strings: makemessages finds no call inside one.
    title = conditional_escape(gettext("Table talk"))
    out = [
        '\n\n<section class="panel chat" id="chat" aria-labelledby="chat-title"'
        f"{out_of_band}>\n"
        f'  <h2 id="chat-title">{title}</h2>\n  '
    ]
    if chat.more:
        shown = conditional_escape(gettext("Only the newest messages are shown."))
        out.append(f'<p class="muted chat-more">{shown}</p>')
    out.append("\n  ")
    if chat.lines:
        mute = _form(reverse("games:mute", args=[chat.game_id]), "inline", csrf)
        you = conditional_escape(gettext("You"))
        label = conditional_escape(gettext("Messages, newest first"))
        out.append(
            f'\n    <ol class="chat-lines" aria-label="{label}" tabindex="0">\n      '
            + "".join(_line(line, mute, you) for line in chat.lines)
            + "\n    </ol>\n  "
        )
    else:
        hello = " " + gettext("Say hello to the table.") if chat.can_write else ""
        none_yet = conditional_escape(gettext("No messages yet.") + hello)
        out.append(f'\n    <p class="muted">{none_yet}</p>\n  ')
    out.append("\n  ")
    if chat.muted:
        unmute = _form(reverse("games:unmute", args=[chat.game_id]), "inline", csrf)
        # Translators: a button beside a muted player's name; the hidden part is read out.
        button = gettext('Unmute<span class="visually-hidden"> %(name)s</span>')
        left_out = gettext("Left out: messages of players you muted (at every table).")
        out.append(
            '\n    <div class="chat-muted">\n'
            f'      <p class="muted">{conditional_escape(left_out)}</p>\n'
            "      <ul>\n        "
        )
        for player_id, name in chat.muted:
            named = conditional_escape(name)
            out.append(
                f"\n          <li>{named}\n"
                f"            {unmute}\n"
                f'              <input type="hidden" name="player" value="{player_id}">\n'
                f'              <button type="submit" class="link-button">'
                f"{button % {'name': named}}</button>\n"
                "            </form></li>\n        "
            )
        out.append("\n      </ul>\n    </div>\n  ")
    out.append("\n  ")
    if chat.can_write:
        write = _form(reverse("games:chat", args=[chat.game_id]), "chat-form", csrf)
        refused = (
            f'<p class="message error" role="alert" id="chat-error">{conditional_escape(error)}</p>'
            if error
            else ""
        )
        preserve = "" if answer else ' hx-preserve="true"'
        invalid = ' aria-invalid="true" aria-describedby="chat-error"' if error else ""
        yours = conditional_escape(gettext("Your message"))
        send = conditional_escape(gettext("Send"))
        out.append(
            f"\n    {write}\n"
            f"      {refused}\n"
            f'      <label for="chat-text">{yours}</label>\n'
            f'      <textarea id="chat-text" name="text" rows="2" maxlength="500" required'
            f"{preserve}{invalid}>{conditional_escape(text)}</textarea>\n"
            f'      <button type="submit" class="button small" id="chat-send">'
            f"{send}</button>\n"
            "    </form>\n  "
        )
    else:
        only = conditional_escape(gettext("Only the players at this table can write here."))
        out.append(f'\n    <p class="muted">{only}</p>\n  ')
    out.append("\n</section>\n")
    return mark_safe("".join(out))


def viewer_panel(
    request: HttpRequest, access: TableAccess, *, csrf_token: object, kept: bool, oob: bool = False
) -> SafeString:
    """The panel for the person asking in ``request`` at ``access``'s table; :data:`KEPT` when
    the page that asked shows the talk as it stands. What it shows new is left on the request
    for the view (``games.views.chat.mark_seen_once_drawn``)."""
    if kept:
        return KEPT
    panel = chat_panel(access, user_of(request))
    if panel.news is not None:
        request.chat_news = panel.news  # type: ignore[attr-defined]  # marked seen once drawn
    return render_chat(panel, csrf_token=csrf_token, oob=oob)
