"""How the player reads a card: « Dame de pique » for screen readers, « ♠Q » on the table.

The site writes a card as its suit symbol then its rank (« la ♠Q, le ♠K et l’♠A », as the
rules text does), with the French article that goes with the rank.
"""

from __future__ import annotations

from django.utils.translation import gettext as _, gettext_lazy

from game.engine import Card
from game.engine.cards import SUIT_SYMBOLS

RANK_LABELS = {"T": "10"}
RANK_NAMES = {
    "J": gettext_lazy("Valet"),
    "Q": gettext_lazy("Dame"),
    "K": gettext_lazy("Roi"),
    "A": gettext_lazy("As"),
}
SUIT_NAMES = {
    "C": gettext_lazy("trèfle"),
    "D": gettext_lazy("carreau"),
    "H": gettext_lazy("cœur"),
    "S": gettext_lazy("pique"),
}
RED_SUITS = frozenset("DH")


def rank_label(card: Card) -> str:
    return RANK_LABELS.get(card.rank, card.rank)


def short_name(card: Card) -> str:
    """« ♠Q », « ♥10 »."""
    return SUIT_SYMBOLS[card.suit] + rank_label(card)


def full_name(card: Card) -> str:
    """« Dame de pique », « 10 de cœur »."""
    rank = RANK_NAMES.get(card.rank, rank_label(card))
    return _("%(rank)s de %(suit)s") % {"rank": rank, "suit": SUIT_NAMES[card.suit]}


def with_article(card: Card) -> str:
    """« la ♠Q », « l’♠A », « le ♠K »: the card as a sentence names it."""
    if card.rank == "Q":
        return _("la %(card)s") % {"card": short_name(card)}
    if card.rank == "A":
        return _("l’%(card)s") % {"card": short_name(card)}
    return _("le %(card)s") % {"card": short_name(card)}
