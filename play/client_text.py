"""Sentences the browser shows by itself (static/js/table.js), given to the page as JSON so
that they go through translation like every other text."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

CLIENT_TEXT = {
    "chooseCard": gettext_lazy("Choisissez d’abord une carte."),
    "chooseThree": gettext_lazy("Choisissez exactement 3 cartes à passer."),
    "threeChosen": gettext_lazy("Vous avez déjà choisi 3 cartes."),
    "suggestion": gettext_lazy("Suggestion :"),
    # The indicators table.js shows as the replayed cards land (play.table.table_state).
    "heartsBroken": gettext_lazy("♥ Cœurs ouverts"),
    "queenPlayed": gettext_lazy("♠Q jouée"),
    "moonThreat": gettext_lazy("Menace de lune"),
    "notFound": gettext_lazy("Cette partie est introuvable."),
    "expired": gettext_lazy("Votre session a expiré : rechargez la page."),
    "failed": gettext_lazy("Le serveur ne répond pas. Réessayez dans un instant."),
    "busy": gettext_lazy(
        "Trop de joueurs en même temps : rien n’a été fait. Réessayez dans quelques secondes."
    ),
}
