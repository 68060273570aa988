from django.urls import path, register_converter

from players import views
from players.converters import UsernameConverter

app_name = "players"

register_converter(UsernameConverter, "username")

urlpatterns = [
    path("", views.mine, name="mine"),
    # « ~ » is in no username (players.converters): the guest's page can never be an account's.
    path("~invite/", views.guest, name="guest"),
    path("<username:username>/", views.profile, name="profile"),
]
