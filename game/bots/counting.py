"""Card counting on masks: what a seat can deduce from its view, for the bots that track cards.

The functions take the ints of `view_masks` (hand, unseen, …) and never look at another
seat's hand: `unseen` is all a seat knows of the other three.
"""

from __future__ import annotations

from game.engine import PlayerView
from game.engine.cards import QUEEN_OF_SPADES, QUEEN_OF_SPADES_BIT, SPADES, SUIT_MASKS

SPADES_MASK = SUIT_MASKS[SPADES]
BELOW_QUEEN_OF_SPADES = SPADES_MASK & (QUEEN_OF_SPADES_BIT - 1)
ABOVE_QUEEN_OF_SPADES = SPADES_MASK & ~((QUEEN_OF_SPADES_BIT << 1) - 1)


def below(bit: int) -> int:
    """Every card under this one; intersect with a suit mask to stay in its suit."""
    return bit - 1


def above(bit: int) -> int:
    """Every card over this one; intersect with a suit mask to stay in its suit."""
    return ~((bit << 1) - 1)


def sure_winners(hand: int, unseen: int, suit: int) -> int:
    """The cards of the suit in hand that rank over every card the others may still hold."""
    others = unseen & SUIT_MASKS[suit]
    mine = hand & SUIT_MASKS[suit]
    if not others:
        return mine
    return mine & above(1 << (others.bit_length() - 1))


def all_sure_winners(hand: int, unseen: int) -> int:
    """The sure winners of every suit: the tricks the hand can take whatever the others do."""
    winners = 0
    for suit in range(4):
        winners |= sure_winners(hand, unseen, suit)
    return winners


def queen_holder(view: PlayerView) -> int | None:
    """The seat known to hold the Q♠: the receiver of our pass that carried it, until played."""
    if view.passed and QUEEN_OF_SPADES in view.passed and QUEEN_OF_SPADES not in view.played:
        return view.direction.receiver(view.seat)
    return None


def equivalent_groups(legal: int, separators: int) -> list[int]:
    """The legal cards in sets (as masks) of cards that play alike.

    Two cards of a suit with no card of `separators` ranked between them win and lose exactly
    the same tricks; hearts all count one point, so only the Q♠ stands apart from its
    neighbours. `separators` are the cards the others may still hold and, when following, the
    cards already in the trick: with the J♥ led, the 10♥ ducks it and the Q♥ takes it, though
    no hidden heart lies between them.
    """
    groups = []
    for suit_mask in SUIT_MASKS:
        mine = legal & suit_mask
        previous = 0
        while mine:
            low = mine & -mine
            mine ^= low
            between = (low - 1) & ~((previous << 1) - 1)
            if not previous or separators & between or QUEEN_OF_SPADES_BIT in (low, previous):
                groups.append(low)
            else:
                groups[-1] |= low
            previous = low
    return groups
