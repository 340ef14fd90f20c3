"""Forms of the lobby and the tables: each validates fully and says what is wrong."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import engine
from games.models import PlayerCount, RoundTime
from games.services.bots import BOT_LEVELS
from games.services.matchmaking import BOT_WAITS

#: How many players a table may have.
TABLE_SIZES = range(2, 6)
#: Seats a bot may take: every seat after the host's (position 0), of a table of at most 5.
BOT_POSITIONS = range(1, 5)


def seat_choices() -> list[tuple[str, str]]:
    """What a seat's select offers: a person, or one of the bots by its level."""
    # Translators: a seat's choice in the create form, e.g. "Easy bot"; %(level)s is a bot level.
    bots = [(name, _("%(level)s bot") % {"level": label}) for name, label in BOT_LEVELS]
    return [("", _("A person (who joins)")), *bots]


BOT_HELP = gettext_lazy(
    "Bots take their seats at once; fill every other seat for a solo game. Easy misses many "
    "spots; Medium scores all it can at once; Hard plans for the end of the game; Expert also "
    "weighs the tiles the next round is likely to bring."
)


#: The round times a table may have, live first: a select shows them in two groups.
LIVE = RoundTime.live()
SPEED_CHOICES = [
    (gettext_lazy("Live: everyone plays at one sitting"), [(t.value, t.label) for t in LIVE]),
    (
        gettext_lazy("Slow: each plays when they like"),
        [(t.value, t.label) for t in RoundTime if t not in LIVE],
    ),
]


def bot_field(position: int) -> str:
    """The form field of the seat at ``position`` (0 is the host's)."""
    return f"bot_{position}"


def seat_counts(position: int) -> str:
    """When the seat at ``position`` is at the table (said beside its select, for a page
    without the script that hides the seats a table lacks)."""
    seat = position + 1
    if seat <= TABLE_SIZES[0]:
        return ""
    if seat == TABLE_SIZES[-1]:
        return ngettext(
            "Only at a table of %(seats)d player.", "Only at a table of %(seats)d players.", seat
        ) % {"seats": seat}
    return ngettext(
        "Only at a table of %(seats)d or more players.",
        "Only at a table of %(seats)d or more players.",
        seat,
    ) % {"seats": seat}


def table_sizes() -> list[tuple[int, str]]:
    """The sizes a table may have, in words: "2 players" to "5 players"."""
    return [
        (n, ngettext("%(count)d player", "%(count)d players", n) % {"count": n})
        for n in TABLE_SIZES
    ]


class CreateGameForm(forms.Form):
    bot_help = BOT_HELP

    seats_wanted = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=table_sizes,
        coerce=int,
        initial=4,
    )
    round_minutes = forms.TypedChoiceField(
        label=gettext_lazy("Time per round"),
        choices=SPEED_CHOICES,
        coerce=int,
        initial=RoundTime.ONE_DAY,
    )
    is_open = forms.TypedChoiceField(
        label=gettext_lazy("Who may join"),
        choices=[
            ("1", gettext_lazy("Anyone, from the lobby")),
            ("0", gettext_lazy("Only people I invite")),
        ],
        coerce=lambda v: v == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(label=gettext_lazy("Rated game"), required=False, initial=True)
    allow_vacation = forms.BooleanField(
        label=gettext_lazy("Play for people on vacation"),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "During a player's vacation the autopilot plays their rounds at once."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # One select per seat after the host's: each bot seat has its own level.
        for position in BOT_POSITIONS:
            self.fields[bot_field(position)] = forms.ChoiceField(
                label=_("Seat %(seat)d") % {"seat": position + 1},
                choices=seat_choices,
                initial="",
                required=False,
                help_text=seat_counts(position),
                error_messages={"invalid_choice": _("Choose a person or one of the four bots.")},
            )

    def table_fields(self) -> list[forms.BoundField]:
        """The fields about the table itself (every field but the seats' selects)."""
        return [self[name] for name in self.fields if not name.startswith("bot_")]

    def bot_fields(self) -> list[forms.BoundField]:
        """The seat selects, in seat order, for the template's fieldset."""
        return [self[bot_field(position)] for position in BOT_POSITIONS]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seats = data.get("seats_wanted")
        levels = {p: data.get(bot_field(p)) or "" for p in BOT_POSITIONS}
        # Bots sit down in order right after the host; people who join take the seats after
        # them, so a person's seat left between two bots simply moves to the end.
        data["bots"] = [level for level in levels.values() if level]
        if seats is not None:
            for position, level in levels.items():
                if level and position >= seats:
                    self.add_error(
                        bot_field(position),
                        _(
                            "A table of %(players)d players has no seat %(seat)d: choose more "
                            "players, or leave seat %(seat)d to a person."
                        )
                        % {"players": seats, "seat": position + 1},
                    )
        return data

    def table_options(self) -> dict[str, Any]:
        """The arguments of :func:`games.services.create_game` (after ``is_valid()``)."""
        return {k: v for k, v in self.cleaned_data.items() if not k.startswith("bot_")}


class InviteForm(forms.Form):
    display_name = forms.CharField(
        label=gettext_lazy("Invite a player by name"), max_length=20, min_length=3
    )


class UndoForm(forms.Form):
    """Take back one's turn: the step of the player's own turn and the round their page showed."""

    step = forms.IntegerField(min_value=0)
    round = forms.IntegerField(min_value=0, max_value=99, required=False)


class ActionForm(forms.Form):
    """One action, with the step of the player's own turn their page was drawn at.

    Either the engine's notation itself, or the letter of a cell action (a sheep, a bonus tile
    or a tower: ``engine.CELL_ACTIONS``) with the cell a county button posted.
    """

    notation = forms.CharField(max_length=40, required=False)
    act = forms.ChoiceField(
        choices=[(kind.letter, kind.letter) for kind in engine.CELL_ACTIONS.values()],
        required=False,
    )
    x = forms.IntegerField(min_value=-99, max_value=99, required=False)
    y = forms.IntegerField(min_value=-99, max_value=99, required=False)
    step = forms.IntegerField(min_value=0)
    round = forms.IntegerField(min_value=0, max_value=99, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("notation"):
            return data
        if data.get("act") and data.get("x") is not None and data.get("y") is not None:
            data["notation"] = engine.parse_cell_action(data["act"], data["x"], data["y"]).notation
            return data
        raise forms.ValidationError(_("That move was not understood."))


class DraftForm(forms.Form):
    """The tile a player is trying out: which slot, which orientation, where (query string)."""

    slot = forms.TypedChoiceField(choices=[("0", "0"), ("1", "1")], coerce=int, required=False)
    o = forms.IntegerField(min_value=0, max_value=7, required=False)
    x = forms.IntegerField(min_value=-60, max_value=60, required=False)
    y = forms.IntegerField(min_value=-60, max_value=60, required=False)


class ReplayForm(forms.Form):
    """Where in a replay: ``?round=n&step=k`` (either may be left out)."""

    round = forms.IntegerField(min_value=1, required=False)
    step = forms.IntegerField(min_value=0, required=False)

    def problem(self) -> str:
        """What is wrong with the address, in a sentence."""
        return " ".join(
            f"{name}: {' '.join(map(str, errors))}" for name, errors in self.errors.items()
        )


def _wait_label(seconds: int | None) -> str:
    if seconds is None:
        return _("Never: keep waiting for people")
    if seconds < 60:
        return ngettext("After %(n)d second", "After %(n)d seconds", seconds) % {"n": seconds}
    minutes = seconds // 60
    return ngettext("After %(n)d minute", "After %(n)d minutes", minutes) % {"n": minutes}


def wait_choices() -> list[tuple[str, str]]:
    """The waits offered before bots fill the empty seats, in words."""
    return [("" if s is None else str(s), _wait_label(s)) for s in BOT_WAITS]


class PlayNowForm(forms.Form):
    """What a person waits for in the "Play now" queue."""

    players = forms.ChoiceField(
        label=gettext_lazy("Players"),
        choices=PlayerCount.choices,
        initial=PlayerCount.ANY,
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": gettext_lazy("Choose 2 players, 3 to 5 players, or any number.")
        },
    )
    round_minutes = forms.TypedChoiceField(
        label=gettext_lazy("Time per round"),
        choices=SPEED_CHOICES,
        coerce=int,
        initial=RoundTime.TWO_MINUTES,
        help_text=gettext_lazy(
            "Live tables are played at one sitting: a countdown shows each round's time, the "
            "autopilot plays a turn missed at its deadline, and nobody is mailed about them."
        ),
        error_messages={"invalid_choice": gettext_lazy("Choose one of the round times offered.")},
    )
    bots_after = forms.TypedChoiceField(
        label=gettext_lazy("Fill the empty seats with bots of your level"),
        choices=wait_choices,
        coerce=int,
        empty_value=None,
        required=False,
        initial="60",
        help_text=gettext_lazy(
            "If nobody of your level has come by then, bots take the seats left."
        ),
        error_messages={"invalid_choice": gettext_lazy("Choose one of the waits offered.")},
    )
