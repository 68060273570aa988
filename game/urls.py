from django.urls import path, register_converter

from game import history_views, moments_views, practice_views, views
from game.converters import ShareTokenConverter

app_name = "game"

register_converter(ShareTokenConverter, "share_token")

urlpatterns = [
    path("", views.home, name="home"),
    path("partie/nouvelle/", views.new_game, name="new_game"),
    path("partie/<int:game_id>/", views.table, name="table"),
    path("partie/<int:game_id>/jouer/", views.play_card, name="play_card"),
    path("partie/<int:game_id>/passer/", views.pass_cards, name="pass_cards"),
    path("partie/<int:game_id>/avancer/", views.advance, name="advance"),
    path("partie/<int:game_id>/manche-suivante/", views.next_hand, name="next_hand"),
    path("partie/<int:game_id>/niveau/", views.change_difficulty, name="change_difficulty"),
    path("partie/<int:game_id>/rejouer/", views.play_again, name="play_again"),
    # Past games (game.history): the owner's pages, then the public replay of a share link.
    path("parties/", history_views.history, name="history"),
    path("parties/statistiques/", history_views.stats, name="stats"),
    path("partie/<int:game_id>/revoir/", history_views.replay, name="replay"),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/<int:step>/",
        history_views.replay_step,
        name="replay_step",
    ),
    path(
        "partie/<int:game_id>/revoir/<int:hand_number>/moments-cles/",
        moments_views.replay_moments,
        name="replay_moments",
    ),
    # « Rejouer ce moment » (game.practice): a finished hand played on from one of its steps.
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
    path("partie/<int:game_id>/partager/", history_views.share, name="share"),
    path("partie/<int:game_id>/partager/retirer/", history_views.unshare, name="unshare"),
    path("partage/<share_token:token>/", history_views.shared, name="shared"),
    path(
        "partage/<share_token:token>/<int:hand_number>/<int:step>/",
        history_views.shared_step,
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
