"""Cards: 52 interned singletons over a compact 52-bit representation.

A card's `index` is suit-major (clubs 0..12, diamonds 13..25, hearts 26..38,
spades 39..51) so that a hand is one int mask and a suit is a 13-bit slice of
it. The readable `Card` objects sit on top; the rules work on the masks.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = {"C": "trèfle", "D": "carreau", "H": "cœur", "S": "pique"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
FULL_DECK = (1 << 52) - 1
HEARTS_MASK = SUIT_MASKS[HEARTS]
NON_HEARTS_MASK = FULL_DECK & ~HEARTS_MASK
QUEEN_OF_SPADES_BIT = 1 << (13 * SPADES + RANKS.index("Q"))
TWO_OF_CLUBS_BIT = 1
POINTS_MASK = HEARTS_MASK | QUEEN_OF_SPADES_BIT
NON_POINTS_MASK = FULL_DECK & ~POINTS_MASK


class Card:
    """One of the 52 cards; equal only to itself, ordered by suit then rank."""

    __slots__ = ("bit", "code", "index", "points", "rank", "rank_index", "suit", "suit_index")

    bit: int
    code: str
    index: int
    points: int
    rank: str
    rank_index: int
    suit: str
    suit_index: int

    def __new__(cls, rank: str, suit: str) -> Card:
        return cls.from_code(f"{rank}{suit}")

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The card for a code such as "QS" or "th"; `ValueError` for anything else."""
        try:
            return _BY_CODE[code.upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"not a card code: {code!r}") from None

    @classmethod
    def deck(cls) -> list[Card]:
        return list(CARDS)

    def __reduce__(self) -> tuple:
        return (Card.from_code, (self.code,))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


def _make_card(index: int) -> Card:
    card = object.__new__(Card)
    card.index = index
    card.bit = 1 << index
    card.suit_index, card.rank_index = divmod(index, 13)
    card.suit = SUITS[card.suit_index]
    card.rank = RANKS[card.rank_index]
    card.code = card.rank + card.suit
    card.points = 13 if card.bit == QUEEN_OF_SPADES_BIT else int(card.suit_index == HEARTS)
    return card


CARDS: tuple[Card, ...] = tuple(_make_card(index) for index in range(52))
_BY_CODE = {card.code: card for card in CARDS}
QUEEN_OF_SPADES = _BY_CODE["QS"]
TWO_OF_CLUBS = _BY_CODE["2C"]


def _suit_tables(suit: int) -> tuple[tuple[Card, ...], ...]:
    cards = CARDS[13 * suit : 13 * suit + 13]
    return tuple(
        tuple(card for rank, card in enumerate(cards) if chunk >> rank & 1) for chunk in range(8192)
    )


# One lookup per suit turns a mask into sorted cards: the hot path never loops over bits.
_CLUBS_BY_CHUNK, _DIAMONDS_BY_CHUNK, _HEARTS_BY_CHUNK, _SPADES_BY_CHUNK = (
    _suit_tables(suit) for suit in range(4)
)


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, sorted."""
    return [
        *_CLUBS_BY_CHUNK[mask & 0x1FFF],
        *_DIAMONDS_BY_CHUNK[mask >> 13 & 0x1FFF],
        *_HEARTS_BY_CHUNK[mask >> 26 & 0x1FFF],
        *_SPADES_BY_CHUNK[mask >> 39],
    ]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def as_card(card: Card | str) -> Card:
    """Accept a card or its code, so callers may pass either."""
    return card if isinstance(card, Card) else Card.from_code(card)
