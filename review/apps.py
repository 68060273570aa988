from django.apps import AppConfig


class ReviewConfig(AppConfig):
    """Past games: « Mes parties », the replay, « Moments clés », « Rejouer ce moment »,
    sharing and the statistics."""

    name = "review"
    verbose_name = "Mes parties"

    def ready(self) -> None:
        from play.pages import register_review
        from review.links import ReplayLinks

        # The table's « Feuille de marque » and « Analyser la manche » open this app's pages.
        register_review(
            overview=lambda game_id: ReplayLinks(game_id).overview(),
            analysed=lambda game_id, hand, step: ReplayLinks(game_id).analysed(hand, step),
        )
