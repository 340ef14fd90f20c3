"""The words a person reads on a page: its text and the attributes read out or shown (``alt``,
``title``, ``aria-label``, ``placeholder``, a button's ``value``), without scripts and styles,
nor the places of the time-zone picker (the tz database's names, in its ``<optgroup>``s)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_READ_ATTRIBUTES = frozenset({"alt", "title", "aria-label", "placeholder"})
_UNREAD = frozenset({"script", "style", "template", "noscript", "optgroup"})
_SPACE = re.compile(r"\s+")


class _Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _UNREAD:
            self._skipping.append(tag)
        found = dict(attrs)
        for name, value in attrs:
            if value and (
                name in _READ_ATTRIBUTES
                or (name == "value" and found.get("type") in ("submit", "button"))
            ):
                self._add(value)
        if tag == "meta" and found.get("name") == "description" and found.get("content"):
            self._add(found["content"] or "")

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._add(data)

    def _add(self, text: str) -> None:
        text = _SPACE.sub(" ", text).strip()
        if text:
            self.nodes.append(text)


def text_nodes(html: str) -> list[str]:
    """Each run of text (and each read attribute) of ``html``, whitespace collapsed."""
    parser = _Words()
    parser.feed(html)
    parser.close()
    return parser.nodes


def page_text(html: str) -> str:
    """All of ``html``'s words in one line, as a person reads them."""
    return " ".join(text_nodes(html))
