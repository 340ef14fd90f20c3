"""The staff admin: tables, seats, the log and the outbox, to look at a stuck table or a mail.

Tables, seats and the log are read-only here: only the services change a game (they lock it,
check its version and keep the cached state in step with the log). The one thing staff may do
is send a waiting or failed mail again now. Table talk: staff read messages and hide those that
break the site's rules.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from games.chat import Message
from games.heartbeat import Heartbeat
from games.models import Action, Game, Seat
from games.notifications.models import OutboxMessage
from games.notifications.send import retry_now
from games.services.chat import set_hidden


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


class SeatInline(admin.TabularInline):
    model = Seat
    fields = readonly_fields = (
        "position", "kind", "bot", "user", "to_play", "absent", "autopilot_streak", "step",
    )  # fmt: skip
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


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
        entries = game.actions.count()
        url = reverse("admin:games_action_changelist")
        return format_html('<a href="{}?q={}">{} entries</a>', url, game.pk, entries)


@admin.register(Seat)
class SeatAdmin(ReadOnly):
    list_display = ["__str__", "kind", "bot", "user", "to_play", "absent", "autopilot_streak"]
    list_filter = ["kind", "to_play", "absent", "game__status"]
    search_fields = ["=game__id", "user__profile__display_name", "user__email"]
    list_select_related = ["game", "user"]


@admin.register(Action)
class ActionAdmin(ReadOnly):
    list_display = ["game", "seq", "round", "seat", "notation", "source", "created_at"]
    list_filter = ["source"]
    search_fields = ["=game__id"]
    list_select_related = ["game"]


@admin.register(OutboxMessage)
class OutboxMessageAdmin(ReadOnly):
    list_display = ["id", "kind", "recipient", "game", "round", "status", "due_at", "attempts",
                    "note"]  # fmt: skip
    list_filter = ["status", "kind"]
    search_fields = ["user__email", "to_address", "=game__id"]
    list_select_related = ["user", "game"]
    date_hierarchy = "due_at"
    actions = ["send_again_now"]

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        # Needed to run the action; every field stays read-only (no change form is offered).
        return bool(request.user.is_staff) and obj is None

    @admin.display(description="To")
    def recipient(self, row: OutboxMessage) -> str:
        return row.to_address or str(row.user or "")

    @admin.action(description="Retry now (waiting or failed mail only; sent mail never again)")
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

    @admin.action(description="Hide the selected messages (they show nowhere)")
    def hide(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = set_hidden(list(queryset.values_list("pk", flat=True)), True)
        self.message_user(request, f"{count} message(s) hidden.", messages.SUCCESS)

    @admin.action(description="Show the selected messages again")
    def show(self, request: HttpRequest, queryset: QuerySet[Message]) -> None:
        count = set_hidden(list(queryset.values_list("pk", flat=True)), False)
        self.message_user(request, f"{count} message(s) shown again.", messages.SUCCESS)
