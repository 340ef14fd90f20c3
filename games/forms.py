"""Forms of the lobby and the tables: each validates fully and says what is wrong."""

from __future__ import annotations

from typing import Any

from django import forms

from games.models import RoundTime
from games.services.bots import BOT_LEVELS


class CreateGameForm(forms.Form):
    seats_wanted = forms.TypedChoiceField(
        label="Players",
        choices=[(n, f"{n} players") for n in range(2, 6)],
        coerce=int,
        initial=4,
    )
    round_hours = forms.TypedChoiceField(
        label="Time per round", choices=RoundTime.choices, coerce=int, initial=RoundTime.ONE_DAY
    )
    is_open = forms.TypedChoiceField(
        label="Who may join",
        choices=[("1", "Anyone, from the lobby"), ("0", "Only people I invite")],
        coerce=lambda v: v == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(label="Rated game", required=False, initial=True)
    allow_vacation = forms.BooleanField(
        label="Play for people on vacation",
        required=False,
        initial=True,
        help_text="During a player's vacation the autopilot plays their rounds at once.",
    )
    bot_count = forms.TypedChoiceField(
        label="Bots",
        choices=[(0, "No bots")] + [(n, f"{n} bot{'s' if n > 1 else ''}") for n in range(1, 5)],
        coerce=int,
        initial=0,
        required=False,
        help_text="Bots take seats at once; fill every other seat for a solo game.",
    )
    bot_level = forms.ChoiceField(
        label="Bot level",
        choices=BOT_LEVELS,
        initial="medium",
        required=False,
        help_text="Easy misses many spots; Medium scores all it can at once; Hard plans for "
        "the end of the game; Expert also weighs the tiles the next round is likely to bring.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        data["bot_count"] = data.get("bot_count") or 0
        seats, bots = data.get("seats_wanted"), data["bot_count"]
        if seats is not None and bots >= seats:
            self.add_error(
                "bot_count", f"A table of {seats} has room for at most {seats - 1} bots and you."
            )
        if not data.get("bot_level"):
            data["bot_level"] = "medium"
        return data

    def table_options(self) -> dict[str, Any]:
        """The arguments of :func:`games.services.create_game` (after ``is_valid()``)."""
        data = dict(self.cleaned_data)
        bots = data.pop("bot_count")
        level = data.pop("bot_level")
        return {**data, "bots": [level] * bots}


class InviteForm(forms.Form):
    display_name = forms.CharField(label="Invite a player by name", max_length=20, min_length=3)


class ActionForm(forms.Form):
    """One action, with the step of the player's own turn their page was drawn at.

    Either the engine's notation itself, or a follow-up letter (``s`` sheep, ``b`` bonus tile,
    ``w`` tower) with the cell a county button posted.
    """

    notation = forms.CharField(max_length=40, required=False)
    act = forms.ChoiceField(
        choices=[("s", "sheep"), ("b", "bonus"), ("w", "tower")], required=False
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
            data["notation"] = f"{data['act']} {data['x']},{data['y']}"
            return data
        raise forms.ValidationError("That move was not understood.")


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
