"""Why a suggested pass or card is sound: one French sentence for the training mode and Indice.

The suggestion itself comes from the « Normal » bot (play.table); this module only reads the
situation around it, from what the player may know (a PlayerView), to name the reason the
strategy tips give for it. The same sentences serve the tutorial, so they use only the words
its notes teach (« pli », « fournir », « se défausser », « la couleur demandée ») or plain
ones: « la plus forte carte restante » rather than « maître », « une carte plus basse que »
rather than « passer sous », « vous pourrez vous défausser » rather than « couper ».
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext as _

from game.engine import Card, PlayerView
from game.engine.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS
from play.cardnames import SUIT_NAMES, with_article
from play.seating import SOLO_PERSPECTIVE

# A seat's name as the player sees it (play.seating.Perspective.name).
NameOf = Callable[[int], str]

HIGH_RANKS = frozenset("AKQ")
# The suits a pass can empty to make a void (the seeds: « vider une couleur courte »).
SIDE_SUITS = ("C", "D")


def pass_reason(view: PlayerView, cards: Sequence[Card]) -> str:
    if QUEEN_OF_SPADES in cards:
        return _(
            "Passez la ♠Q : sans assez de petits piques pour la garder, elle risque de "
            "vous coûter 13 points."
        )
    for suit in SIDE_SUITS:
        held = view.suit_cards(suit)
        if held and all(card in cards for card in held):
            return _(
                "Donnez toutes vos cartes à %(suit)s : quand on en demandera, vous pourrez "
                "vous défausser."
            ) % {"suit": SUIT_NAMES[suit]}
    if any(card.suit == "S" and card.rank in "AK" for card in cards):
        return _("Passez les gros piques : ils risquent de ramasser la ♠Q.")
    if any(card.suit == "H" and card.rank in HIGH_RANKS for card in cards):
        return _("Débarrassez-vous des gros cœurs.")
    return _("Passez vos cartes les plus hautes, celles qui prendraient des plis.")


def play_reason(view: PlayerView, card: Card, name_of: NameOf = SOLO_PERSPECTIVE.name) -> str:
    if card is TWO_OF_CLUBS and view.is_first_trick and not view.current_trick:
        return _("Le ♣2 ouvre toujours le premier pli.")
    if len(view.legal) == 1:
        return _("C’est votre seule carte jouable.")
    lead = view.lead_suit
    if lead is None:
        return _lead_reason(view, card)
    if card.suit == lead:
        return _follow_reason(view, card, name_of)
    return _discard_reason(view, card, lead, name_of)


def _unseen_in_suit(view: PlayerView, card: Card) -> tuple[int, int]:
    """How many cards of its suit still out are below and above this card."""
    others = [other for other in view.unseen if other.suit == card.suit]
    below = sum(other < card for other in others)
    return below, len(others) - below


def _lead_reason(view: PlayerView, card: Card) -> str:
    below, above = _unseen_in_suit(view, card)
    if card.suit == "S" and card < QUEEN_OF_SPADES and QUEEN_OF_SPADES in view.unseen:
        return _("Commencez par un petit pique, pour que la ♠Q finisse par tomber.")
    if above and not below:
        return _(
            "Commencez par une carte basse : toutes celles de sa couleur encore en jeu sont "
            "plus hautes."
        )
    if not above and below:
        return _(
            "%(card)s est la plus forte carte restante de sa couleur : vous remportez ce pli "
            "maintenant, tant que les autres en ont encore et ne peuvent pas y défausser de "
            "points."
        ) % {"card": _capitalised(with_article(card))}
    return _("Commencez par la couleur la moins dangereuse pour vous.")


def _follow_reason(view: PlayerView, card: Card, name_of: NameOf) -> str:
    winner, winning = _winning_play(view)
    if card < winning:
        return _("Vous jouez une carte plus basse que %(card)s : ce pli ne sera pas pour vous.") % {
            "card": with_article(winning)
        }
    threat = view.moon_threat
    if threat == winner != view.seat and _trick_points(view):
        return _("Prenez ce pli pour empêcher %(name)s de tirer la lune.") % {
            "name": name_of(threat)
        }
    if len(view.current_trick) == 3 and not _trick_points(view):
        return _("Vous jouez en dernier dans un pli sans points : défaites-vous de %(card)s.") % {
            "card": with_article(card)
        }
    return _(
        "Vous n’avez pas de carte plus basse que %(card)s : gardez vos petites cartes pour "
        "plus tard."
    ) % {"card": with_article(winning)}


def _discard_reason(view: PlayerView, card: Card, lead: str, name_of: NameOf) -> str:
    threat = view.moon_threat
    if threat == _winning_play(view)[0] != view.seat and not card.points:
        return _("%(name)s vise peut-être la lune : ne lui donnez pas de points.") % {
            "name": name_of(threat)
        }
    return _("Défaussez %(card)s : vous n’avez plus de %(suit)s.") % {
        "card": with_article(card),
        "suit": SUIT_NAMES[lead],
    }


def _winning_play(view: PlayerView) -> tuple[int, Card]:
    """The seat and card winning the trick so far (the reasons here come after a lead)."""
    winning = view.winning_play
    assert winning is not None, "a follow or a discard comes after the lead"
    return winning


def _trick_points(view: PlayerView) -> int:
    return sum(card.points for _seat, card in view.current_trick)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
