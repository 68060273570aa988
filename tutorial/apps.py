from django.apps import AppConfig
from django.urls import reverse
from django.utils.translation import gettext_lazy


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = "Apprendre à jouer"

    def ready(self) -> None:
        from play.models import Game
        from play.pages import register_menu_link, register_table_page

        # A tutorial game is played beside its notes, on the tutorial's own page.
        register_table_page(Game.Kind.TUTORIAL, lambda game: reverse("tutorial:index"))
        register_menu_link(gettext_lazy("Apprendre à jouer"), "tutorial:index")
