"""The tile turn of the game page built in Python: the two tiles, the controls that turn and
move the one being tried, what its spot would bring and the confirm.

It is the turn a player sees most, on every page drawn after a change while they still have
to play; drawn through the template language (some sixty nodes: links, translations, the
fields of the form) it cost more than anything else of the turn. This writes the markup the
section of ``games/game.html`` drew, in one pass, as the wheel, the scores and the others'
counties are drawn; ``tests/games/test_tile_turn_html.py`` holds that section and compares.
"""

from __future__ import annotations

import json

from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy, pgettext

from games.page.csrf_html import csrf_input
from games.page.model import GamePage, TurnView
from games.page.turn import Preview
from games.page.wheel_html import piece_html
from games.review.eligible import hints_allowed
from games.words.citations import rule_links

#: The controls that move the tile being tried: its id and draft link, its key, the arrow it
#: shows and the words a screen reader says for it.
_MOVES = (
    ("left", "ArrowLeft", "←", gettext_lazy("Move left")),
    ("up", "ArrowUp", "↑", gettext_lazy("Move up")),
    ("down", "ArrowDown", "↓", gettext_lazy("Move down")),
    ("right", "ArrowRight", "→", gettext_lazy("Move right")),
)


def _json_island(data: object, element_id: str) -> str:
    """``data`` in a ``<script type="application/json">``, as Django's ``json_script`` writes
    it: ``<``, ``>`` and ``&`` escaped, so nothing in it ends the script. Three replacements
    instead of its ``str.translate``, which looks up every character of the offer's 5 KB (a
    third of a millisecond of each page with a tile turn)."""
    text = json.dumps(data).replace("&", "\\u0026").replace("<", "\\u003C").replace(">", "\\u003E")
    return f'<script id="{element_id}" type="application/json">{text}</script>'


def _link(here: str, query: str) -> str:
    """The attributes of a control that swaps the turn for the one at ``here + query``."""
    url = conditional_escape(here + query)
    return f'href="{url}" hx-get="{url}" hx-target="#turn" hx-swap="outerHTML" hx-push-url="true"'


def _choices(turn: TurnView, here: str) -> str:
    chosen = turn.draft.slot if turn.draft is not None else None
    out = []
    for number, choice in enumerate(turn.choices, start=1):
        if not choice:
            continue
        slot, piece = choice
        if slot == chosen:
            label = gettext("Tile %(number)s (chosen)") % {"number": number}
        else:
            label = gettext("Tile %(number)s") % {"number": number}
        classes, current = (
            ("choice chosen", 'aria-current="true" ') if slot == chosen else ("choice", "")
        )
        out.append(
            f'<a class="{classes}" id="choice-{slot}" {_link(here, f"?slot={slot}")} '
            f'{current}data-key="{number}">\n'
            f"{piece_html(piece, size='small')}\n"
            f'<span class="choice-label">{label}</span>\n</a>\n'
        )
    group = conditional_escape(gettext("Your two tiles"))
    return f'<div class="choices" role="group" aria-label="{group}">\n{"".join(out)}</div>\n'


def _controls(turn: TurnView, here: str) -> str:
    def query(name: str) -> str:  # no draft yet: the controls lead to the page itself
        return getattr(turn.links, name) if turn.links is not None else ""

    rotate, mirror = conditional_escape(gettext("Rotate")), conditional_escape(gettext("Mirror"))
    group = conditional_escape(gettext("Turn and move the tile"))
    out = [
        f'<div class="controls" role="group" aria-label="{group}">\n'
        f'<a class="button small secondary" id="ctl-rotate" {_link(here, query("rotate"))} '
        f'data-key="r" aria-keyshortcuts="R">{rotate} <kbd>R</kbd></a>\n'
        f'<a class="button small secondary" id="ctl-mirror" {_link(here, query("mirror"))} '
        f'data-key="f" aria-keyshortcuts="F">{mirror} <kbd>F</kbd></a>\n<span class="moves">\n'
    ]
    for name, key, arrow, words in _MOVES:
        out.append(
            f'<a class="button small secondary" id="ctl-{name}" {_link(here, query(name))} '
            f'data-key="{key}" aria-keyshortcuts="{key}" '
            f'aria-label="{conditional_escape(words)}">{arrow}</a>\n'
        )
    fit = conditional_escape(pgettext("button: jump to a spot where the tile fits", "Fit"))
    previous, following = gettext("Previous fit"), gettext("Next fit")
    out.append(
        # Jumps need placement.js, which shows them.
        '</span>\n<span class="spots">\n'
        '<button type="button" class="button small secondary" id="ctl-previous-spot" '
        f'data-spot="-1" aria-keyshortcuts="Shift+N" '
        f'aria-label="{conditional_escape(previous)}" hidden>‹ {fit}</button>\n'
        '<button type="button" class="button small secondary" id="ctl-next-spot" '
        f'data-spot="1" aria-keyshortcuts="N" '
        f'aria-label="{conditional_escape(following)}" hidden>{fit} ›</button>\n'
        "</span>\n</div>\n"
    )
    return "".join(out)


def render_preview(preview: Preview | None) -> SafeString:
    """What the spot tried would bring, or why the tile does not fit there (``#preview``)."""
    legal = preview is not None and preview.legal
    out = [
        f'<div class="preview {"legal" if legal else "illegal"}" id="preview" role="status" '
        'aria-live="polite">\n'
    ]
    if preview is not None:
        verdict = gettext("Fits here.") if legal else gettext("Not here:")
        reason = "" if legal else rule_links(preview.message)
        out.append(f"<p><strong>{conditional_escape(verdict)}</strong>\n{reason}</p>\n")
        if preview.gains:
            gains = "".join(f"<li>{rule_links(gain)}</li>" for gain in preview.gains)
            out.append(f"<ul>{gains}</ul>")
    out.append("\n</div>\n")
    return mark_safe("".join(out))


def _confirm(page: GamePage, turn: TurnView, act_url: str, csrf_token: str) -> str:
    url = conditional_escape(act_url)
    csrf = csrf_input(csrf_token)
    notation = conditional_escape(turn.preview.notation if turn.preview is not None else "")
    step = page.me.seat.step if page.me is not None else ""
    draft: dict[str, object] = {name: "" for name in ("slot", "o", "x", "y")}
    if turn.draft is not None:
        draft.update(turn.draft.as_fields)
    fields = "".join(f'<input type="hidden" name="{n}" value="{v}">' for n, v in draft.items())
    legal = turn.preview is not None and turn.preview.legal
    disabled = "" if legal else 'disabled aria-disabled="true"'
    place = conditional_escape(gettext("Place the tile here"))
    return (
        f'<form method="post" action="{url}" hx-post="{url}" hx-target="#game" '
        f'hx-swap="outerHTML" hx-include="#poll" class="confirm">\n{csrf}\n'
        f'<input type="hidden" name="notation" value="{notation}">\n'
        f'<input type="hidden" name="step" value="{step}">'
        f'<input type="hidden" name="round" value="{page.access.game.round}">\n{fields}\n'
        f'<button type="submit" class="button" id="ctl-confirm" {disabled}>{place}</button>\n'
        "</form>\n"
    )


def _hint(page: GamePage, csrf_token: str) -> str:
    """The button asking what the expert would do, where hints are allowed (``_hint.html``)."""
    access = page.access
    mine = access.mine
    if mine is None or not hints_allowed(access.game, access.seats):
        return ""
    context = {"game": access.game, "offered": True, "step": mine.step, "csrf_token": csrf_token}
    return render_to_string("games/_hint.html", context)


def render_tile_turn(page: GamePage, *, here: str, act_url: str, csrf_token: str) -> SafeString:
    """The turn of a player who has a tile to place: ``here`` is the table's address,
    ``act_url`` where the confirm posts."""
    turn = page.turn
    assert turn is not None and turn.offer is not None
    title = conditional_escape(gettext("Your turn: pick a tile and fit it into your county"))
    touch = conditional_escape(
        gettext(
            "Tap a highlighted cell to put the tile there; the buttons turn, mirror and move it,"
            " and “Fit ›” jumps to the next place where it fits."
        )
    )
    keys = gettext(
        "Click a highlighted cell to put the tile there, or use the arrow keys; <kbd>R</kbd>"
        " turns it, <kbd>F</kbd> mirrors it, <kbd>N</kbd> jumps to the next place where it"
        " fits and <kbd>Shift</kbd>+<kbd>N</kbd> back."
    )
    out = [
        f'<h2 id="turn-title" tabindex="-1">{title}</h2>\n',
        _choices(turn, here),
        _hint(page, csrf_token),
        "\n",
        _json_island(turn.offer.data, "offer"),
        f'\n<div class="try" id="try"{"" if turn.draft else " hidden"}>\n',
        # The controls, the confirm and what the spot is worth stick to the top of the screen
        # while the county scrolls under them (a phone). The confirm comes before the words,
        # which grow when the engine's arrive: the button stays where the finger is going.
        '<div class="try-bar">\n',
        _controls(turn, here),
        '<p class="sr-only" id="spot-status" role="status" aria-live="polite"></p>\n',
        _confirm(page, turn, act_url, csrf_token),
        render_preview(turn.preview),
        "</div>\n",
        f'<p class="hint"><span class="for-touch">{touch}</span>'
        f'<span class="for-keys">{keys}</span></p>\n</div>\n',
    ]
    if not turn.draft:
        choose = gettext(
            'Choose one of your two tiles<span class="for-keys"> (keys <kbd>1</kbd> and'
            " <kbd>2</kbd>)</span>."
        )
        out.append(f'<p class="prompt" id="choose-prompt">{choose}</p>\n')
    return mark_safe("".join(out))
