"""The engine's refusals in the player's language.

The engine (game/engine/) never imports Django: its `IllegalMove` carries a stable `code`
and `details` for programs (and a French `message` of its own). Whatever shows a refusal on
a page (the table's dimmed cards, a refused action) goes through `illegal_move_message`,
which picks the sentence from the code and details alone: this module is the one place the
site's sentences for refusals live. The French msgids say what the engine says, word for
word (docs/rules.md, « Illegal-move reasons »).
"""

from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy

from game.engine import IllegalMove
from play.cardnames import SUIT_NAMES

MESSAGES = {
    "bad_seat": gettext_lazy("Cette place n’existe pas"),
    "wrong_phase": gettext_lazy("Ce n’est pas le moment"),
    "not_your_turn": gettext_lazy("Ce n’est pas à vous de jouer"),
    "card_not_in_hand": gettext_lazy("Cette carte n’est pas dans votre main"),
    "bad_pass": gettext_lazy("Choisissez exactement 3 cartes différentes de votre main"),
    "must_lead_two_of_clubs": gettext_lazy("Le ♣2 doit ouvrir le premier pli"),
    "no_points_first_trick": gettext_lazy("Pas de cartes à points au premier pli"),
    "hearts_not_broken": gettext_lazy("Les cœurs ne sont pas encore ouverts"),
    "game_over": gettext_lazy("La partie est terminée"),
}

# "wrong_phase" names its moment in `details` (the engine's phase and the action refused).
WRONG_PHASE_MESSAGES = {
    ("passing", "play"): gettext_lazy("Choisissez d’abord les 3 cartes à passer"),
    ("playing", "pass"): gettext_lazy("La passe est déjà faite"),
    ("finished", "pass"): gettext_lazy("La manche est terminée"),
    ("finished", "play"): gettext_lazy("La manche est terminée"),
    ("passing", "scores"): gettext_lazy("La manche n’est pas terminée"),
    ("playing", "scores"): gettext_lazy("La manche n’est pas terminée"),
}


def illegal_move_message(refusal: IllegalMove) -> str:
    """The reason for a refused move, in the active language."""
    if refusal.code == "must_follow_suit":
        suit = refusal.details.get("suit")
        if suit in SUIT_NAMES:
            return _("Vous devez fournir à %(suit)s") % {"suit": SUIT_NAMES[suit]}
    moment = (refusal.details.get("phase"), refusal.details.get("action"))
    if refusal.code == "wrong_phase" and moment in WRONG_PHASE_MESSAGES:
        return str(WRONG_PHASE_MESSAGES[moment])
    if refusal.code in MESSAGES:
        return str(MESSAGES[refusal.code])
    # A code newer than this catalogue: the engine's French beats saying nothing.
    return refusal.message
