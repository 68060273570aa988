from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"
    verbose_name = "Dame de Pique"
