from django.urls import path

from tutorial import views

app_name = "tutorial"

urlpatterns = [
    path("", views.index, name="index"),
    path("commencer/", views.start, name="start"),
    path("<int:game_id>/passer/", views.pass_cards, name="pass_cards"),
    path("<int:game_id>/jouer/", views.play_card, name="play_card"),
    path("<int:game_id>/avancer/", views.advance, name="advance"),
]
