from django.urls import path

from ranked import leaderboard_views, views

app_name = "ranked"

urlpatterns = [
    path("direct/", views.play, name="play"),
    path("direct/rechercher/", views.join, name="join"),
    path("direct/file/", views.queue, name="queue"),
    path("direct/annuler/", views.cancel, name="cancel"),
    path("direct/robots/", views.fill_with_bots, name="fill_with_bots"),
    path("classement/", leaderboard_views.leaderboard, name="leaderboard"),
]
