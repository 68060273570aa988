from django.urls import path, register_converter

from config.converters import ShareTokenConverter
from tables import views

app_name = "tables"

# A table's link token has a share link's shape (secrets.token_urlsafe(32)).
register_converter(ShareTokenConverter, "table_token")

urlpatterns = [
    path("amis/", views.new_table, name="new"),
    path("amis/creer/", views.create_table, name="create"),
    path("table/<table_token:token>/", views.table, name="table"),
    path("table/<table_token:token>/prendre-place/", views.take_seat, name="take_seat"),
    path("table/<table_token:token>/retirer/", views.remove_player, name="remove"),
    path("table/<table_token:token>/quitter/", views.leave, name="leave"),
    path("table/<table_token:token>/commencer/", views.start, name="start"),
    path("amis/<int:game_id>/passer/", views.pass_cards, name="pass_cards"),
    path("amis/<int:game_id>/jouer/", views.play_card, name="play_card"),
    path("amis/<int:game_id>/manche-suivante/", views.next_hand, name="next_hand"),
    path("amis/<int:game_id>/reprendre/", views.resume, name="resume"),
    path("amis/<int:game_id>/abandonner/", views.abandon, name="abandon"),
]
