"""The one exception a refused action raises."""

from __future__ import annotations

from .cards import SUIT_NAMES

_MESSAGES = {
    "bad_seat": "Cette place n’existe pas",
    "wrong_phase": "Ce n’est pas le moment",
    "not_your_turn": "Ce n’est pas à vous de jouer",
    "card_not_in_hand": "Cette carte n’est pas dans votre main",
    "bad_pass": "Choisissez exactement 3 cartes différentes de votre main",
    "must_lead_two_of_clubs": "Le ♣2 doit ouvrir le premier pli",
    "no_points_first_trick": "Pas de cartes à points au premier pli",
    "hearts_not_broken": "Les cœurs ne sont pas encore ouverts",
    "game_over": "La partie est terminée",
}


# A `wrong_phase` refusal names its moment: (the deal's phase, the action refused).
_PHASE_MESSAGES = {
    ("passing", "play"): "Choisissez d’abord les 3 cartes à passer",
    ("playing", "pass"): "La passe est déjà faite",
    ("finished", "pass"): "La manche est terminée",
    ("finished", "play"): "La manche est terminée",
    ("passing", "scores"): "La manche n’est pas terminée",
    ("playing", "scores"): "La manche n’est pas terminée",
}


class IllegalMove(Exception):
    """A refused action: `code` and `details` are stable for programs (the site translates
    from them alone), `message` is the engine's own French sentence for the same refusal."""

    def __init__(self, code: str, message: str | None = None, **details: object) -> None:
        self.code = code
        self.message = message or _MESSAGES[code]
        self.details = details
        super().__init__(self.message)

    @classmethod
    def must_follow_suit(cls, suit: str) -> IllegalMove:
        return cls("must_follow_suit", f"Vous devez fournir à {SUIT_NAMES[suit]}", suit=suit)

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


def wrong_phase(phase: str, action: str) -> IllegalMove:
    """A refusal for the moment: `details` name the phase and the action ("pass", "play",
    "scores") so that a program, or a translation, need not read the French sentence."""
    return IllegalMove(
        "wrong_phase", _PHASE_MESSAGES.get((phase, action)), phase=str(phase), action=action
    )
