from django.apps import AppConfig


class PlayConfig(AppConfig):
    """The table (a solo game, and every table's models and write path). Its label stays
    "game", the package's name before the pure code took it: the database's tables
    (game_game, game_hand…), the migrations' history and the addresses' names ("game:…")
    are unchanged, so existing databases need no migration for the move."""

    name = "play"
    label = "game"
    verbose_name = "Dame de Pique"
