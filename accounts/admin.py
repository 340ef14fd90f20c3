"""Profiles in the admin, on their own and inline on each user."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["display_name", "time_zone", "email_mode", "vacation_from", "vacation_until"]
    search_fields = ["display_name", "user__email"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


class UserWithProfileAdmin(UserAdmin):
    inlines = [ProfileInline]


admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
