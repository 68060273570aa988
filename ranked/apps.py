from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class RankedConfig(AppConfig):
    name = "ranked"
    verbose_name = "Jouer en direct"

    def ready(self) -> None:
        from play.pages import register_game_end, register_menu_link
        from ranked import matcher, ratings
        from tables import clock

        # The ratings change in the transaction that records a ranked game's end.
        register_game_end(ratings.record_game)
        # The matcher and the no-shows ride on the tables' clock worker.
        clock.register_round(clock.Round("ranked queue", matcher.run, matcher.seconds_to_next_pass))
        register_menu_link(gettext_lazy("Jouer en direct"), "ranked:play")
