from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Jouer entre amis"

    def ready(self) -> None:
        from play.models import Game
        from play.pages import register_live_move, register_menu_link, register_table_page
        from tables import live
        from tables.display import table_path

        # A live table is played at its link, whoever opens it.
        register_table_page(Game.Kind.LIVE, lambda game: table_path(game.live))
        register_menu_link(gettext_lazy("Jouer entre amis"), "tables:new")
        # Every write at a live table sets its next deadline and tells the table after commit.
        register_live_move(live.schedule)
