"""How the site draws cards and seats, shared by the table, the replay and the key moments."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language, gettext as _

from game.engine import Card
from game.engine.cards import SUIT_SYMBOLS
from play.cardnames import RED_SUITS, full_name, rank_label, short_name
from play.seating import SOLO_PERSPECTIVE, Perspective

# The hand reads black, red, black, red (♣ ♥ ♠ ♦) so that neighbouring suits never share
# a colour.
HAND_SUIT_ORDER = "CHSD"


def hand_order(card: Card) -> tuple[int, int]:
    """Where a card sits in a hand as the site lays it out (HAND_SUIT_ORDER, then rank)."""
    return HAND_SUIT_ORDER.index(card.suit), card.index


@dataclass(frozen=True)
class Face:
    """A card as drawn: rank and suit symbol, colour, and its name for screen readers."""

    code: str
    rank: str
    suit: str
    symbol: str
    red: bool
    name: str
    short: str

    @classmethod
    def of(cls, card: Card) -> Face:
        """The card's face in the active language, made once per process (_FACES)."""
        key = (card.code, get_language())
        face = _FACES.get(key)
        if face is None:
            face = _FACES[key] = cls(
                code=card.code,
                rank=rank_label(card),
                suit=card.suit,
                symbol=SUIT_SYMBOLS[card.suit],
                red=card.suit in RED_SUITS,
                name=full_name(card),
                short=short_name(card),
            )
        return face


# Each card's face by language: a table names some twenty cards, and their names in the
# page's language (gettext) were a fifth of a live push's view-model (issue 38).
_FACES: dict[tuple[str, str | None], Face] = {}


@dataclass(frozen=True)
class PlayedCard:
    """A card on the table at its player's side; `wins` is the place that took the trick
    when this card completed it (replayed moves only)."""

    place: str
    name: str
    face: Face
    wins: str | None = None
    # For a replayed card: the table's indicators once it has landed (play.table.TableState,
    # as JSON), which table.js shows then and not before.
    state: str = ""

    @property
    def label(self) -> str:
        """« Léa : Dame de pique », for screen readers."""
        return _("%(player)s : %(card)s") % {"player": self.name, "card": self.face.name}


def played_card(
    seat: int,
    card: Card,
    wins: int | None = None,
    perspective: Perspective = SOLO_PERSPECTIVE,
) -> PlayedCard:
    """A card on the table at its player's side as `perspective` sees it (`wins`: the seat
    that took the trick)."""
    return PlayedCard(
        place=perspective.place(seat),
        name=perspective.name(seat),
        face=Face.of(card),
        wins=None if wins is None else perspective.place(wins),
    )


def moon_sentence(shooter: int | None, perspective: Perspective = SOLO_PERSPECTIVE) -> str | None:
    """« Vous avez tiré la lune ! » or the player's name, when a seat shot the moon."""
    if shooter is None:
        return None
    if perspective.is_viewer(shooter):
        return _("Vous avez tiré la lune !")
    return _("%(name)s a tiré la lune !") % {"name": perspective.name(shooter)}
