"""The review's addresses: the owner's pages under a game's number, the public ones behind
a share link's token."""

from django.urls import path, register_converter

from config.converters import ShareTokenConverter
from review import moments_views, practice_views, views

app_name = "review"

register_converter(ShareTokenConverter, "share_token")

urlpatterns = [
    path("parties/", views.history, name="history"),
    path("parties/statistiques/", views.stats, name="stats"),
    path("partie/<int:game_id>/revoir/", views.replay, name="replay"),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/<int:step>/",
        views.replay_step,
        name="replay_step",
    ),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/moments-cles/",
        moments_views.replay_moments,
        name="replay_moments",
    ),
    # « Rejouer ce moment » (review.practice): a finished hand played on from one of its steps.
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/<int:step>/rejouer/",
        practice_views.replay_practice,
        name="replay_practice",
    ),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/<int:step>/rejouer/jouer/",
        practice_views.replay_practice_play,
        name="replay_practice_play",
    ),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/<int:step>/rejouer/avancer/",
        practice_views.replay_practice_advance,
        name="replay_practice_advance",
    ),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/<int:step>/rejouer/recommencer/",
        practice_views.replay_practice_restart,
        name="replay_practice_restart",
    ),
    path("partie/<int:game_id>/partager/", views.share, name="share"),
    path("partie/<int:game_id>/partager/retirer/", views.unshare, name="unshare"),
    path("partage/<share_token:token>/", views.shared, name="shared"),
    path(
        "partage/<share_token:token>/<int:hand_number>/<int:step>/",
        views.shared_step,
        name="shared_step",
    ),
    path(
        "partage/<share_token:token>/<int:hand_number>/moments-cles/",
        moments_views.shared_moments,
        name="shared_moments",
    ),
    path(
        "partage/<share_token:token>/<int:hand_number>/<int:step>/rejouer/",
        practice_views.shared_practice,
        name="shared_practice",
    ),
    path(
        "partage/<share_token:token>/<int:hand_number>/<int:step>/rejouer/jouer/",
        practice_views.shared_practice_play,
        name="shared_practice_play",
    ),
    path(
        "partage/<share_token:token>/<int:hand_number>/<int:step>/rejouer/avancer/",
        practice_views.shared_practice_advance,
        name="shared_practice_advance",
    ),
    path(
        "partage/<share_token:token>/<int:hand_number>/<int:step>/rejouer/recommencer/",
        practice_views.shared_practice_restart,
        name="shared_practice_restart",
    ),
]
