"""Blocking a person: neither invites the other, sees the other's table talk, or is seated
with the other in a rematch. A block is one person's decision and is told to nobody."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.models import Block, GameStatus, Invitation
from games.services.chat import chat_view_changed
from games.services.errors import GameError

#: Enough for any honest use; a limit, so the list cannot be used to flood the table.
BLOCKS_MAX = 200


def blocked_either_way(a: int, b: int) -> bool:
    """Whether either of the people ``a`` and ``b`` (user ids) blocked the other. One query."""
    return Block.objects.filter(Q(user_id=a, blocked_id=b) | Q(user_id=b, blocked_id=a)).exists()


def has_blocked(user: User, name: str) -> bool:
    """Whether ``user`` blocked the person whose display name is ``name``. One query."""
    return Block.objects.filter(user=user, blocked__profile__display_name__iexact=name).exists()


def blocked_with(user_id: int) -> set[int]:
    """The people ``user_id`` blocked or was blocked by. One query."""
    pairs = Block.objects.filter(Q(user_id=user_id) | Q(blocked_id=user_id))
    return {b if a == user_id else a for a, b in pairs.values_list("user_id", "blocked_id")}


@transaction.atomic
def block(user: User, other: User) -> Block:
    """``user`` blocks ``other``; pending invitations between the two go with it."""
    if other.pk == user.pk:
        raise GameError(_("You cannot block yourself."))
    if Block.objects.filter(user=user, blocked=other).exists():
        raise GameError(_("You have already blocked this player."))
    if Block.objects.filter(user=user).count() >= BLOCKS_MAX:
        raise GameError(
            _("You can block at most %(most)d players; unblock someone first.")
            % {"most": BLOCKS_MAX}
        )
    made = Block.objects.create(user=user, blocked=other)
    # Their stored pages lose each other's table talk; the player page its Block button.
    chat_view_changed(user.pk, other.pk)
    Invitation.objects.filter(
        Q(game__host=user, invitee=other) | Q(game__host=other, invitee=user),
        game__status=GameStatus.FORMING,
    ).delete()
    return made


@transaction.atomic
def unblock(user: User, other: User) -> None:
    deleted, _by_model = Block.objects.filter(user=user, blocked=other).delete()
    if not deleted:
        raise GameError(_("You have not blocked this player."))
    chat_view_changed(user.pk, other.pk)  # as block(): table talk and the Unblock button
