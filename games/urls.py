"""URLs of the lobby, the tables and play."""

from django.urls import path

from games.notifications import views as notification_views
from games.review import views as review_views
from games.streams import views as streams
from games.views import blocks, chat, history, lobby, play, play_now, rematch, seats, table

app_name = "games"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("new/", lobby.create, name="create"),
    path("mine/", lobby.mine, name="mine"),
    path("play-now/", play_now.play_now, name="play_now"),
    path("play-now/join/", play_now.join, name="play_now_join"),
    path("play-now/leave/", play_now.leave, name="play_now_leave"),
    path("play-now/with-bots/", play_now.with_bots, name="play_now_with_bots"),
    path("events/", streams.mine_events, name="mine_events"),
    path("finished/", history.finished, name="finished"),
    path("invite/<str:token>/", table.invitation, name="invitation"),
    path("unsubscribe/<str:token>/", notification_views.unsubscribe, name="unsubscribe"),
    path("block/<str:name>/", blocks.block, name="block"),
    path("unblock/<str:name>/", blocks.unblock, name="unblock"),
    path("<int:game_id>/", play.game_page, name="game"),
    path("<int:game_id>/play/", play.act, name="act"),
    path("<int:game_id>/undo/", play.undo, name="undo"),
    path("<int:game_id>/draft/", play.draft, name="draft"),
    path("<int:game_id>/history/", history.history, name="history"),
    path("<int:game_id>/export.json", history.export, name="export"),
    path("<int:game_id>/replay/", history.replay, name="replay"),
    path("<int:game_id>/review/", review_views.review, name="review"),
    path("<int:game_id>/hint/", review_views.hint, name="hint"),
    path("<int:game_id>/status/", play.status, name="status"),
    path("<int:game_id>/events/", streams.table_events, name="events"),
    path("<int:game_id>/join/", table.join, name="join"),
    path("<int:game_id>/leave/", table.leave, name="leave"),
    path("<int:game_id>/start/", table.start, name="start"),
    path("<int:game_id>/invite/", table.invite, name="invite"),
    path("<int:game_id>/invite-link/", table.revoke_link, name="revoke_link"),
    path(
        "<int:game_id>/invitations/<int:invitation_id>/withdraw/",
        table.withdraw_invitation,
        name="withdraw_invitation",
    ),
    path("<int:game_id>/decline/", table.decline, name="decline"),
    path("<int:game_id>/take-back/", seats.take_back, name="take_back"),
    path("<int:game_id>/chat/", chat.post, name="chat"),
    path("<int:game_id>/rematch/", rematch.play_again, name="rematch"),
    path("<int:game_id>/chat/mute/", chat.mute, name="mute"),
    path("<int:game_id>/chat/unmute/", chat.unmute, name="unmute"),
]
