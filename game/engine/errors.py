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


class IllegalMove(Exception):
    """A refused action: `code` is stable for programs, `message` is French for players."""

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
