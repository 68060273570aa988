from django.urls import path

from play import views

app_name = "game"

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
]
