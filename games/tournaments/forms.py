"""The create form: fields as a host fills them in, checked by the service's own rules."""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.utils.translation import gettext_lazy, ngettext

from games.models import RoundTime, TournamentFormat
from games.models.tournaments import MAX_ENTRANTS
from games.tournaments.events import MAX_SWISS_ROUNDS, Rules, problems


def sizes() -> list[tuple[int, str]]:
    """The table sizes an event may have, in words."""
    return [
        (n, ngettext("%(count)d player", "%(count)d players", n) % {"count": n})
        for n in range(2, 6)
    ]


class TournamentForm(forms.Form):
    """Every field is checked here for its type and by :func:`events.problems` for the rules
    (the same check the service makes), each problem shown beside its field."""

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("What players will call it, e.g. Spring Swiss."),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=TournamentFormat.choices,
        initial=TournamentFormat.SWISS,
        widget=forms.RadioSelect,
    )
    table_size = forms.TypedChoiceField(
        label=gettext_lazy("Players per table"), choices=sizes, coerce=int, initial=3
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Swiss rounds"), min_value=1, max_value=MAX_SWISS_ROUNDS, initial=3,
        help_text=gettext_lazy(
            "Groups then a final always plays two: the group tables and the final."
        ),
    )  # fmt: skip
    round_minutes = forms.TypedChoiceField(
        label=gettext_lazy("Time per round"),
        choices=RoundTime.choices,
        coerce=int,
        initial=RoundTime.ONE_DAY,
    )
    rated = forms.BooleanField(label=gettext_lazy("Rated tables"), required=False, initial=True)
    bots_fill = forms.BooleanField(
        label=gettext_lazy("Bots fill empty seats"), required=False,
        help_text=gettext_lazy(
            "Without them, Swiss entrants left over sit out a round with a bye."
        ),
    )  # fmt: skip
    min_rating = forms.IntegerField(
        label=gettext_lazy("Lowest rating"), required=False, min_value=0
    )
    max_rating = forms.IntegerField(
        label=gettext_lazy("Highest rating"), required=False, min_value=0
    )
    min_entrants = forms.IntegerField(label=gettext_lazy("Fewest entrants"), min_value=2, initial=4)
    max_entrants = forms.IntegerField(
        label=gettext_lazy("Most entrants"), min_value=2, max_value=MAX_ENTRANTS, initial=16
    )
    signup_closes_at = forms.DateTimeField(
        label=gettext_lazy("Sign-up closes"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=gettext_lazy("In your own time zone. Round 1 starts then."),
    )  # fmt: skip

    def __init__(self, *args: object, now: datetime, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.now = now

    def rules(self) -> Rules:
        data = self.cleaned_data
        return Rules(
            name=data["name"], format=data["format"], table_size=data["table_size"],
            round_minutes=data["round_minutes"], rated=data["rated"], bots_fill=data["bots_fill"],
            rounds=data["rounds"], min_rating=data["min_rating"], max_rating=data["max_rating"],
            signup_closes_at=data["signup_closes_at"], min_entrants=data["min_entrants"],
            max_entrants=data["max_entrants"],
        )  # fmt: skip

    def clean(self) -> dict[str, object] | None:
        data = super().clean()
        if not self.errors:
            for field, message in problems(self.rules(), self.now).items():
                self.add_error(field, message)
        return data
