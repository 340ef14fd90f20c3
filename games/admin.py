"""The staff admin: tables, seats, the log and the outbox, to look at a stuck table or a mail.

Tables, seats and the log are read-only here: only the services change a game (they lock it,
check its version and keep the cached state in step with the log). What staff may do: send a
waiting or failed mail again now, and feature a tournament. Table talk: staff read messages and
hide those that break the site's rules.

Staff get no more than their permissions say:

- Each action needs the change permission of its model (view-only staff only look).
- Players' addresses, and the bodies of mails, need ``games.view_recipient``: without it the
  outbox and the chat neither show nor search an address.
- The log reads through the viewer lens like every page: the round in play of a table in play
  is nobody's to read here either (a staff member may sit at that table, R4.2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.contrib import admin, messages
from django.contrib.auth import get_permission_codename
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from games.access import rounds_over
from games.models import Action, Game, GameStatus, Seat, Tournament
from games.models.chat import Message
from games.models.heartbeat import Heartbeat
from games.models.outbox import OutboxMessage
from games.notifications.send import retry_now
from games.services.chat import set_hidden
from games.tournaments.events import set_featured

RECIPIENT_PERMISSION = "games.view_recipient"

# An address as a mail server's refusal quotes it in a row's note.
_ADDRESS = re.compile(r"[^\s'\"<>(),:;]+@[^\s'\"<>(),:;]+")


def sees_addresses(request: HttpRequest) -> bool:
    """Whether this staff member may read players' addresses and the bodies of their mails."""
    return request.user.has_perm(RECIPIENT_PERMISSION)


def search_fields_for(request: HttpRequest, fields: Sequence[str]) -> list[str]:
    """The search fields this staff member may search by: no address without the permission."""
    if sees_addresses(request):
        return list(fields)
    return [name for name in fields if name.split("__")[-1] not in ("email", "to_address")]


class ReadOnly(admin.ModelAdmin):
    """Staff may look, never add, change or delete."""

    # One COUNT per list instead of two: the log and the outbox grow large.
    show_full_result_count = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


def in_play(game: Game | None) -> bool:
    # A seat's step rises with each of its own moves: during a round it counts hidden turns.
    return game is not None and game.status == GameStatus.PLAYING


SEAT_FIELDS = ("position", "kind", "bot", "user", "to_play", "absent", "autopilot_streak", "step")


class SeatInline(admin.TabularInline):
    model = Seat
    fields = readonly_fields = SEAT_FIELDS
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def get_fields(self, request: HttpRequest, obj: Game | None = None) -> tuple[str, ...]:
        return tuple(name for name in SEAT_FIELDS if name != "step" or not in_play(obj))


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ["__str__", "status", "round", "seats_wanted", "round_deadline",
                    "round_complete", "version", "created_at"]  # fmt: skip
    list_filter = ["status", "round_complete", "is_open", "rated"]
    search_fields = ["=id", "host__profile__display_name"]
    list_select_related = ["host"]
    date_hierarchy = "created_at"
    # The cached engine state is a wall of JSON: the log tells the same, entry by entry.
    exclude = ["invite_token", "state"]
    readonly_fields = ["log"]
    inlines = [SeatInline]

    @admin.display(description="Log")
    def log(self, game: Game) -> str:
        entries = game.actions.filter(rounds_over()).count()
        url = reverse("admin:games_action_changelist")
        return format_html('<a href="{}?q={}">{} entries</a>', url, game.pk, entries)


@admin.register(Seat)
class SeatAdmin(ReadOnly):
    list_display = ["__str__", "kind", "bot", "user", "to_play", "absent", "autopilot_streak"]
    list_filter = ["kind", "to_play", "absent", "game__status"]
    search_fields = ["=game__id", "user__profile__display_name", "user__email"]
    list_select_related = ["game", "user"]

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        return search_fields_for(request, self.search_fields)

    def get_exclude(self, request: HttpRequest, obj: Seat | None = None) -> list[str]:
        return ["step"] if obj is not None and in_play(obj.game) else []


@admin.register(Action)
class ActionAdmin(ReadOnly):
    list_display = ["game", "seq", "round", "seat", "notation", "source", "created_at"]
    list_filter = ["source"]
    search_fields = ["=game__id"]
    list_select_related = ["game"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Action]:
        # The list, the search and each entry's page alike: a hidden turn is "no such entry".
        return super().get_queryset(request).filter(rounds_over())


OUTBOX_COLUMNS = (
    "id", "kind", "channel", "recipient", "game", "round", "status", "due_at", "attempts", "note",
)  # fmt: skip
# What takes the place of a column for staff who may not read addresses.
OUTBOX_COLUMNS_WITHOUT_ADDRESSES = {"recipient": "player", "note": "note_without_addresses"}


@admin.register(OutboxMessage)
class OutboxMessageAdmin(ReadOnly):
    list_display = OUTBOX_COLUMNS
    list_filter = ["status", "kind", "channel"]
    search_fields = ["user__email", "to_address", "=game__id"]
    list_select_related = ["user", "game"]
    date_hierarchy = "due_at"
    actions = ["send_again_now"]
    # Fields that hold an address or a body (the note may quote a refused address): shown only
    # with the permission; note_without_addresses stands in for the note.
    _PRIVATE_FIELDS = ["to_address", "body_text", "body_html", "note"]

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        # Needed to run the action; every field stays read-only (no change form is offered).
        change = f"{self.opts.app_label}.{get_permission_codename('change', self.opts)}"
        return obj is None and request.user.has_perm(change)

    def get_list_display(self, request: HttpRequest) -> tuple[str, ...]:
        if sees_addresses(request):
            return OUTBOX_COLUMNS
        return tuple(OUTBOX_COLUMNS_WITHOUT_ADDRESSES.get(name, name) for name in OUTBOX_COLUMNS)

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        return search_fields_for(request, self.search_fields)

    def get_exclude(self, request: HttpRequest, obj: OutboxMessage | None = None) -> list[str]:
        return [] if sees_addresses(request) else self._PRIVATE_FIELDS

    def get_readonly_fields(
        self, request: HttpRequest, obj: OutboxMessage | None = None
    ) -> list[str]:
        return [] if sees_addresses(request) else ["note_without_addresses"]

    @admin.display(description="To")
    def recipient(self, row: OutboxMessage) -> str:
        return row.to_address or str(row.user or "")

    @admin.display(description="To")
    def player(self, row: OutboxMessage) -> str:
        return str(row.user) if row.user is not None else "(an address, not shown)"

    @admin.display(description="Note")
    def note_without_addresses(self, row: OutboxMessage) -> str:
        # A mail server's refusal quotes the address it refused.
        return _ADDRESS.sub("(address)", row.note)

    @admin.action(
        description="Retry now (waiting or failed mail only; sent mail never again)",
        permissions=["change"],
    )
    def send_again_now(self, request: HttpRequest, queryset: QuerySet[OutboxMessage]) -> None:
        chosen = queryset.count()
        again = retry_now(queryset)
        level = messages.SUCCESS if again == chosen else messages.WARNING
        self.message_user(
            request,
            f"{again} of {chosen} mail(s) will be sent within a minute; "
            f"{chosen - again} already sent or dropped were left alone.",
            level,
        )


@admin.register(Heartbeat)
class HeartbeatAdmin(ReadOnly):
    list_display = ["queue", "at"]


# Table talk: staff read messages and hide those that break the site's rules. -----------------


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ["created_at", "game", "author", "text", "hidden_by_staff"]
    list_filter = ["hidden_by_staff"]
    search_fields = ["text", "author__profile__display_name", "author__email"]
    list_select_related = ["game", "author"]
    date_hierarchy = "created_at"
    actions = ["hide", "show"]
    # Only hidden_by_staff may change, and only through the actions below, so the tables
    # concerned redraw at once.
    readonly_fields = ["game", "author", "text", "created_at", "hidden_by_staff"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def get_search_fields(self, request: HttpRequest) -> list[str]:
        return search_fields_for(request, self.search_fields)

    @admin.action(
        description="Hide the selected messages (they show nowhere)", permissions=["change"]
    )
    def hide(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = set_hidden(list(queryset.values_list("pk", flat=True)), True)
        self.message_user(request, f"{count} message(s) hidden.", messages.SUCCESS)

    @admin.action(description="Show the selected messages again", permissions=["change"])
    def show(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = set_hidden(list(queryset.values_list("pk", flat=True)), False)
        self.message_user(request, f"{count} message(s) shown again.", messages.SUCCESS)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Staff feature an event (it then leads the lists); everything else is the services'."""

    list_display = ["name", "status", "format", "table_size", "round", "featured", "host"]
    list_filter = ["status", "featured", "format"]
    search_fields = ["name"]
    list_select_related = ["host"]
    actions = ["feature", "unfeature"]
    readonly_fields = [f.name for f in Tournament._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.action(description="Feature the selected events", permissions=["change"])
    def feature(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        count = set_featured(list(queryset.values_list("pk", flat=True)), True)
        self.message_user(request, f"{count} event(s) featured.", messages.SUCCESS)

    @admin.action(description="Stop featuring the selected events", permissions=["change"])
    def unfeature(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        count = set_featured(list(queryset.values_list("pk", flat=True)), False)
        self.message_user(request, f"{count} event(s) no longer featured.", messages.SUCCESS)
