"""The turn panel of the game page built in Python (``<section id="turn">``): the tutorial's
lesson, why the autopilot plays for the viewer, the turn to play (a tile, sheep, a bonus tile,
towers) or the line saying whom the round waits for with the offer to take one's turn back, a
spectator's view of every county, and the viewer's own county.

Every page and every ``#game`` a move or a poll sends draws it. Its largest parts were already
drawn in Python (the tile turn, the county); the glue between them (includes with their
parameters, a dozen translations with their counts, addresses and the conditions round them)
still cost the template language about a third of a millisecond of each.
``tests/games/test_turn_html.py`` holds the template's section and compares.

The "waiting for" line and the offer to take one's turn back are also sent alone, out of band,
beside the table panel a poll sends when a neighbour is done (``games/_live_table.html``).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.learn.panel import tutorial_panel
from games.page.county_cache import county_html, county_words
from games.page.csrf_html import csrf_input
from games.page.model import GamePage, TurnView
from games.page.others_html import county_title, player_state
from games.page.tile_turn_html import render_tile_turn
from games.page.wheel_html import piece_html
from games.words.citations import rule_links

_OOB = ' hx-swap-oob="true"'


def _words(translated: str) -> str:
    """Translated words as ``{% translate %}`` shows them: escaped."""
    return str(conditional_escape(translated))


def _counted(translated: str, count: int) -> str:
    """Words translated for ``count`` as ``{% blocktranslate count count=… %}`` shows them."""
    return translated % {"count": conditional_escape(localize(count))}


def _tutorial(page: GamePage) -> str:
    """The tutorial's lesson (nothing, and no query, at any other table)."""
    panel = tutorial_panel(page.access)
    if panel is None:
        return ""
    return render_to_string("games/_tutorial.html", {"game": page.access.game, "panel": panel})


def _away(page: GamePage, csrf_token: str) -> str:
    """Why the autopilot plays the viewer's turns, if it does or did."""
    if page.me is None or page.finished:
        return ""
    seat = page.me.seat
    away = seat.away_reason(timezone.now())
    if away == "absent":
        missed = _counted(
            ngettext(
                "You missed %(count)s deadline in a row, so you are marked absent: the autopilot "
                "plays your turns as soon as each round starts.",
                "You missed %(count)s deadlines in a row, so you are marked absent: the autopilot "
                "plays your turns as soon as each round starts.",
                seat.autopilot_streak,
            ),
            seat.autopilot_streak,
        )
        take_back = reverse("games:take_back", args=[page.access.game.pk])
        button = _words(gettext("Take my seat back"))
        return (
            '<div class="message notice" id="away-notice" role="status">\n'
            f"<p>{missed}</p>\n"
            f'<form method="post" action="{take_back}">{csrf_input(csrf_token)}\n'
            f'<button type="submit" class="button" id="take-back">{button}</button>\n'
            "</form>\n</div>\n"
        )
    if away:
        words = _words(
            gettext(
                "You are on vacation: the autopilot plays your rounds at this table as soon as "
                "they start."
            )
        )
    elif seat.autopilot_streak:
        words = _counted(
            ngettext(
                "The deadline passed, so the autopilot played your last turn for you.",
                "The deadline passed, so the autopilot played your last turns for you.",
                seat.autopilot_streak,
            ),
            seat.autopilot_streak,
        )
    else:
        return ""
    return f'<p class="message notice" id="away-notice" role="status">{words}</p>\n'


def _watching(page: GamePage) -> str:
    """A spectator's view: every county, each at a size to read, not a thumbnail."""
    heading = _words(gettext("Watching this game"))
    note = _words(gettext("You have no seat at this table; you see what every player sees."))
    out = [
        f'<h2 id="turn-title" tabindex="-1">{heading}</h2>\n'
        f'<p class="watch-note">{note}</p>\n'
        '<div class="watch-counties">\n'
    ]
    for p in page.players:
        title = SafeString(county_title(p))
        out.append(
            f'<section class="watch-county" aria-labelledby="county-title-{p.position}">\n'
            f'<h3 id="county-title-{p.position}"><span class="who">'
            f"{conditional_escape(p.seat.name)}</span> "
            f'<span class="state">{player_state(page, p)}</span></h3>\n'
            f"{county_html(p.county, size='large', title=title)}\n"
            f'<p class="sr-only">{conditional_escape(county_words(p.county))}</p>\n'
            "</section>\n"
        )
    out.append("</div>\n")
    return "".join(out)


def render_waiting(page: GamePage, *, oob: bool = False) -> SafeString:
    """The line saying whom the round waits for, once the viewer's turn is done (``#waiting``)."""
    if page.finished:
        words = _words(gettext("The game is over."))
    elif page.towers_step:
        if page.waiting_for:
            names = conditional_escape(", ".join(page.waiting_for))
            words = gettext("The final step: waiting for %(names)s to place their towers.") % {
                "names": names
            }
        else:
            words = _words(gettext("Everyone has placed their towers; the game is being scored."))
    elif page.waiting_for:
        names = conditional_escape(", ".join(page.waiting_for))
        done = _words(gettext("You are done for this round."))
        waiting = gettext("Waiting for %(names)s.") % {"names": names}
        words = f"{done} {waiting}"
    elif page.last_round:
        words = _words(
            gettext("Everyone is done with the last round; the final step, the towers, is coming.")
        )
    else:
        words = _words(gettext("Everyone is done; the next round is being dealt."))
    swap = _OOB if oob else ""
    return mark_safe(f'<p class="prompt done" role="status" id="waiting"{swap}>\n{words}\n</p>')


def render_undo(page: GamePage, *, csrf_token: str, oob: bool = False) -> SafeString:
    """The offer to take one's finished turn back while others still play (``#undo``)."""
    swap = _OOB if oob else ""
    if not page.can_undo or page.me is None:
        return mark_safe(f'<div id="undo"{swap}>\n</div>')
    game = page.access.game
    url = reverse("games:undo", args=[game.pk])
    button = _words(gettext("Take back my turn"))
    if page.towers_step:
        note = _words(
            gettext(
                "Until everyone is done, you may take back the towers you placed and place them "
                "again."
            )
        )
    else:
        note = _words(
            gettext("Until everyone is done, you may take back your whole turn and play it again.")
        )
    return mark_safe(
        f'<div id="undo"{swap}>\n'
        f'<form method="post" action="{url}" hx-post="{url}" hx-target="#game" '
        'hx-swap="outerHTML" hx-include="#poll" class="undo">\n'
        f"{csrf_input(csrf_token)}\n"
        f'<input type="hidden" name="step" value="{page.me.seat.step}">'
        f'<input type="hidden" name="round" value="{game.round}">\n'
        '<button type="submit" class="button secondary" id="undo-turn" '
        f'aria-describedby="undo-note">{button}</button>\n'
        f'<span class="hint" id="undo-note">{note}</span>\n'
        "</form>\n</div>"
    )


def _done(page: GamePage, csrf_token: str) -> str:
    """The viewer's turn is done (or there is none): whom the round waits for, the offer to
    take the turn back, and the next table waiting for them."""
    heading = _words(gettext("Your county"))
    out = [
        f'<h2 id="turn-title" tabindex="-1">{heading}</h2>\n',
        render_waiting(page),
        "\n",
        render_undo(page, csrf_token=csrf_token),
        "\n",
    ]
    if page.next_table:
        url = reverse("games:game", args=[page.next_table])
        words = _words(gettext("Next table waiting for you"))
        out.append(
            f'<p class="next-table"><a class="button" id="next-table" href="{url}">{words}</a>'
            "</p>\n"
        )
    return "".join(out)


def _placing(turn: TurnView) -> str:
    """A turn of sheep, a bonus tile or towers: what to place, and where."""
    if turn.kind == "sheep":
        heading = _words(gettext("Place your sheep"))
        prompt = _counted(
            ngettext(
                "Put your sheep on a highlighted empty meadow; it then counts as pasture (R5.3).",
                "Put each of your %(count)s sheep on a highlighted empty meadow; it then counts as "
                "pasture (R5.3).",
                turn.count,
            ),
            turn.count,
        )
    elif turn.kind == "bonus":
        heading = _words(gettext("Place your bonus tile"))
        assert turn.bonus is not None
        where = _words(
            gettext("Put this bonus tile on any highlighted empty cell next to your county.")
        )
        prompt = f"{where} {piece_html(turn.bonus, size='small')}"
    else:
        heading = _counted(
            ngettext(
                "Final step: place your tower",
                "Final step: place your %(count)s towers",
                turn.count,
            ),
            turn.count,
        )
        prompt = _counted(
            ngettext(
                "The last round is over. Your ruin runs earned you %(count)s tower: place it on a "
                "highlighted empty cell next to your county, best in a hole of your largest "
                "rectangle (R6.1). Then the game is scored.",
                "The last round is over. Your ruin runs earned you %(count)s towers: place each on "
                "a highlighted empty cell next to your county, best in a hole of your largest "
                "rectangle (R6.1). Then the game is scored.",
                turn.count,
            ),
            turn.count,
        )
    return (
        f'<h2 id="turn-title" tabindex="-1">{heading}</h2>\n'
        f'<p class="prompt">{rule_links(mark_safe(prompt))}</p>\n'
    )


def _my_county(page: GamePage, csrf_token: str) -> str:
    """The viewer's county: cells to click to move the tile tried, or to place on."""
    turn, game = page.turn, page.access.game
    grid = page.my_county
    assert grid is not None
    title = gettext("Your county")
    if turn is not None and turn.kind == "tile" and turn.draft:
        county = county_html(
            grid,
            size="large",
            title=title,
            overlay=turn.preview.overlay if turn.preview else None,
            cell_url=reverse("games:draft", args=[game.pk]),
            cell_fields=turn.draft.fields,
            cell_verb=gettext("Move the tile to"),
            csrf_token=csrf_token,
        )
    elif turn is not None and turn.kind != "tile":
        county = county_html(
            grid,
            size="large",
            title=title,
            targets=turn.targets,
            cell_url=reverse("games:act", args=[game.pk]),
            cell_fields=turn.fields,
            cell_verb=gettext("Place on"),
            csrf_token=csrf_token,
        )
    else:
        # Nobody else's page shows it: kept in this process only (games.page.county_cache).
        county = county_html(grid, size="large", title=title, shared=False)
    return (
        '<div class="my-county" hx-boost="true" hx-target="#game" hx-select="#game" '
        'hx-swap="outerHTML" hx-push-url="false" hx-include="#poll">\n'
        f"{county}\n"
        f'<p class="sr-only">{conditional_escape(county_words(grid))}</p>\n'
        "</div>\n"
    )


def render_turn_panel(page: GamePage, *, csrf_token: str) -> SafeString:
    """The ``<section id="turn">`` of the page's viewer."""
    turn, game = page.turn, page.access.game
    out = [
        '<section id="turn" class="turn" aria-labelledby="turn-title">\n',
        _tutorial(page),
        _away(page, csrf_token),
    ]
    if page.me is None:
        out.append(_watching(page))
    elif turn is None:
        out.append(_done(page, csrf_token))
    elif turn.kind == "tile":
        here = game.get_absolute_url()
        act = reverse("games:act", args=[game.pk])
        out.append(render_tile_turn(page, here=here, act_url=act, csrf_token=csrf_token))
    else:
        out.append(_placing(turn))
    if page.me is not None:
        out.append(_my_county(page, csrf_token))
    out.append("</section>")
    return mark_safe("".join(out))
