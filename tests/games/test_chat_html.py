"""The chat panel, drawn in Python, is the very markup the template drew before.

The template it replaces is kept here, as it was, and rendered beside the new one for the same
panels: lines of the reader's and of others (one by a former player, names and text that must
be escaped), older lines left out, muted players, a refused post with its text kept, a reader
who may not write, in every language.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from django.template import engines
from django.utils import timezone, translation

from games.models.chat import Message
from games.page.chat import FORMER_PLAYER, ChatLine, ChatPanel
from games.page.chat_html import render_chat

OLD_CHAT = (  # templates/games/_chat.html as it was
    """{% load i18n local_time %}
{% comment %}
The table's chat.
{% endcomment %}
<section class="panel chat" id="chat" aria-labelledby="chat-title"{% if oob %} hx-swap-oob="true"{% endif %}>
  <h2 id="chat-title">{% translate "Table talk" %}</h2>
  {% if chat.more %}<p class="muted chat-more">{% translate "Only the newest messages are shown." %}</p>{% endif %}
  {% if chat.lines %}
    <ol class="chat-lines" aria-label="{% translate "Messages, newest first" %}" tabindex="0">
      {% for line in chat.lines %}
        <li class="chat-line{% if line.mine %} mine{% endif %}" id="message-{{ line.message.pk }}">
          <div class="chat-meta"><strong>{% if line.mine %}{% translate "You" %}{% else %}{{ line.author }}{% endif %}</strong>
            <time datetime="{{ line.message.created_at|iso }}">{{ line.message.created_at|date:"D H:i" }}</time>
            {% if not line.mine and not line.former %}
              <form method="post" action="{% url 'games:mute' chat.game_id %}" hx-post="{% url 'games:mute' chat.game_id %}" hx-target="#chat" hx-swap="outerHTML" class="inline">{% csrf_token %}
                <input type="hidden" name="player" value="{{ line.message.author_id }}">
                <button type="submit" class="link-button">{% blocktranslate trimmed with name=line.author %}Mute<span class="visually-hidden"> {{ name }} at every table</span>{% endblocktranslate %}</button>
              </form>
            {% endif %}
          </div>
          <p class="chat-text">{{ line.message.text|linebreaksbr }}</p>
        </li>
      {% endfor %}
    </ol>
  {% else %}
    <p class="muted">{% translate "No messages yet." %}{% if chat.can_write %} {% translate "Say hello to the table." %}{% endif %}</p>
  {% endif %}
  {% if chat.muted %}
    <div class="chat-muted">
      <p class="muted">{% translate "Left out: messages of players you muted (at every table)." %}</p>
      <ul>
        {% for player_id, name in chat.muted %}
          <li>{{ name }}
            <form method="post" action="{% url 'games:unmute' chat.game_id %}" hx-post="{% url 'games:unmute' chat.game_id %}" hx-target="#chat" hx-swap="outerHTML" class="inline">{% csrf_token %}
              <input type="hidden" name="player" value="{{ player_id }}">
              <button type="submit" class="link-button">{% blocktranslate trimmed %}Unmute<span class="visually-hidden"> {{ name }}</span>{% endblocktranslate %}</button>
            </form></li>
        {% endfor %}
      </ul>
    </div>
  {% endif %}
  {% if chat.can_write %}
    <form method="post" action="{% url 'games:chat' chat.game_id %}" hx-post="{% url 'games:chat' chat.game_id %}" hx-target="#chat" hx-swap="outerHTML" class="chat-form">{% csrf_token %}
      {% if chat_error %}<p class="message error" role="alert" id="chat-error">{{ chat_error }}</p>{% endif %}
      <label for="chat-text">{% translate "Your message" %}</label>
      <textarea id="chat-text" name="text" rows="2" maxlength="500" required{% if not answer %} hx-preserve="true"{% endif %}{% if chat_error %} aria-invalid="true" aria-describedby="chat-error"{% endif %}>{{ chat_text }}</textarea>
      <button type="submit" class="button small" id="chat-send">{% translate "Send" %}</button>
    </form>
  {% else %}
    <p class="muted">{% translate "Only the players at this table can write here." %}</p>
  {% endif %}
</section>
"""  # noqa: E501 (a template tag cannot span lines)
)

LANGUAGES = ("en", "de", "fr", "es")
WHEN = datetime(2026, 12, 3, 21, 47, tzinfo=UTC)


def _line(pk: int, author: str, author_id: int | None, text: str, mine: bool = False) -> ChatLine:
    message = Message(pk=pk, game_id=7, author_id=author_id, text=text,
                      created_at=WHEN - timedelta(hours=pk))  # fmt: skip
    return ChatLine(message, author, mine, author_id is None)


LINES = [
    _line(9, "Ann", 1, "Nice move!", True),
    _line(8, "B<r>&\"en'dan", 2, "Watch <script>this</script>\nsecond line & more"),
    _line(7, FORMER_PLAYER, None, "I was here"),
    _line(6, "Cat", 3, "Hello\r\n\r\nthere"),
]
PANELS = [
    ChatPanel(7, [], can_write=True, muted=[], more=False),
    ChatPanel(7, [], can_write=False, muted=[], more=False),
    ChatPanel(7, LINES, can_write=True, muted=[], more=True),
    ChatPanel(7, LINES[1:], can_write=False, muted=[(4, "Dan <the> Mute"), (5, "Eve")], more=False),
]
ASKED = [  # oob, answer, error, text
    (False, False, "", ""),
    (True, False, "", ""),
    (False, True, "", ""),
    (False, True, "Write something <first>.", "kept <b>text</b> & more"),
]


def _old(chat: ChatPanel, csrf_token: str, oob: bool, answer: bool, error: str, text: str) -> str:
    context = {"chat": chat, "csrf_token": csrf_token, "oob": oob, "answer": answer,
               "chat_error": error, "chat_text": text}  # fmt: skip
    return engines["django"].from_string(OLD_CHAT).render(context)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("zone", ["UTC", "Europe/Dublin", "America/Los_Angeles"])
def test_the_panel_is_drawn_as_before(language: str, zone: str) -> None:
    with translation.override(language), timezone.override(zone):
        for chat, (oob, answer, error, text), token in itertools.product(
            PANELS, ASKED, ("", "a-token-of-the-response")
        ):
            new = render_chat(chat, csrf_token=token, oob=oob, answer=answer, error=error,
                              text=text)  # fmt: skip
            assert new.strip() == _old(chat, token, oob, answer, error, text).strip()
