"""The rules of play on compact masks: the single source for the Deal and the bots' playouts.

A position is described by the hand to play from, the suit led (-1 when
leading), whether this is the first trick and whether hearts are open.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    HEARTS_MASK,
    NON_HEARTS_MASK,
    NON_POINTS_MASK,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASKS,
    SUITS,
    TWO_OF_CLUBS_BIT,
    Card,
)
from .errors import IllegalMove

NO_LEAD = -1


def legal_mask(hand: int, lead_suit: int, first_trick: bool, hearts_broken: bool) -> int:
    """The cards of `hand` that may be played now (never empty for a non-empty hand)."""
    if lead_suit == NO_LEAD:
        if first_trick:
            return TWO_OF_CLUBS_BIT
        if hearts_broken:
            return hand
        # docs/rules.md: a heart may be led while closed only when the hand holds nothing else.
        return hand & NON_HEARTS_MASK or hand
    following = hand & SUIT_MASKS[lead_suit]
    if following:
        return following
    if first_trick:
        # docs/rules.md: no heart and no Q♠ on the first trick unless the hand holds only those.
        return hand & NON_POINTS_MASK or hand
    return hand


def refusal(hand: int, lead_suit: int, first_trick: bool, bit: int) -> IllegalMove:
    """Why a card of `hand` outside `legal_mask` is refused."""
    if lead_suit == NO_LEAD:
        if first_trick:
            return IllegalMove("must_lead_two_of_clubs")
        return IllegalMove("hearts_not_broken")
    if hand & SUIT_MASKS[lead_suit]:
        return IllegalMove.must_follow_suit(SUITS[lead_suit])
    return IllegalMove("no_points_first_trick")


def trick_winner(plays: Sequence[tuple[int, Card]]) -> int:
    """The seat whose card is the highest of the suit led; another suit never wins."""
    winner, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit_index == best.suit_index and card.rank_index > best.rank_index:
            winner, best = seat, card
    return winner


def winning_bit(trick: int, lead_suit: int) -> int:
    """The card (as a bit) that takes a trick given as a mask: the highest of the suit led.

    The mask form of `trick_winner`, for the bots' playouts that never build Card objects.
    """
    return 1 << ((trick & SUIT_MASKS[lead_suit]).bit_length() - 1)


def opens_hearts(bit: int) -> bool:
    """docs/rules.md: a heart played opens hearts; the Q♠ does not."""
    return bool(bit & HEARTS_MASK)


def points_of(mask: int) -> int:
    """1 per heart, 13 for the Q♠."""
    return (mask & HEARTS_MASK).bit_count() + (13 if mask & QUEEN_OF_SPADES_BIT else 0)


def moon_scores(points: list[int]) -> tuple[list[int], int | None]:
    """Final scores of a hand and the moon shooter, if one seat took all 26 points."""
    for seat, taken in enumerate(points):
        if taken == 26:
            return [0 if other == seat else 26 for other in range(4)], seat
    return list(points), None
