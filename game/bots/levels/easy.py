"""« Facile »: a simple, readable player that a beginner can beat.

It knows the basic habits (pass high cards, duck low, dump the Q♠ and hearts when it cannot
follow) but counts no cards, never watches the moon and now and then plays a card at random.
"""

from __future__ import annotations

from game.engine import Card, PlayerView
from game.engine.cards import HEARTS, QUEEN_OF_SPADES, RANKS, SPADES

from ..base import Bot, decision_rng, gettext_noop

# How often it plays any legal card instead of its habit: the slip that lets beginners win.
SLIP_RATE = 0.1
JACK, QUEEN = RANKS.index("J"), RANKS.index("Q")


def _pass_priority(card: Card) -> tuple[int, int]:
    """High spades from the Q up first, then high hearts, then any high card."""
    dangerous = (card.suit_index == SPADES and card.rank_index >= QUEEN) or (
        card.suit_index == HEARTS and card.rank_index >= JACK
    )
    return int(dangerous), card.rank_index


class EasyBot(Bot):
    """`slip_rate=0` removes the random slips, for tutorials and tests that want the habits."""

    level = "easy"
    label = gettext_noop("Facile")
    order = 1
    searches = False

    def __init__(self, seed: int | None = None, slip_rate: float = SLIP_RATE) -> None:
        super().__init__(seed)
        self.slip_rate = slip_rate

    def choose_pass(self, view: PlayerView) -> list[Card]:
        rng = decision_rng(self.seed, view)
        ranked = sorted(view.hand, key=lambda card: (*_pass_priority(card), rng.random()))
        return ranked[-3:]

    def choose_play(self, view: PlayerView) -> Card:
        rng = decision_rng(self.seed, view)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.slip_rate:
            return rng.choice(legal)
        by_rank = sorted(legal, key=lambda card: (card.rank_index, rng.random()))
        winning = view.winning_play
        if winning is None:
            return by_rank[0]
        _, best = winning
        if legal[0].suit_index != best.suit_index:
            return _discard(legal)
        if by_rank[0].rank_index < best.rank_index:
            return by_rank[0]
        # Every card wins: the highest if the trick is clean and nobody comes after, else the
        # lowest; the Q♠ only when nothing else is left.
        spare = [card for card in by_rank if card is not QUEEN_OF_SPADES] or by_rank
        last = len(view.current_trick) == 3
        clean = not any(card.points for _, card in view.current_trick)
        return spare[-1] if last and clean else spare[0]


def _discard(legal: list[Card]) -> Card:
    """Void in the suit led: the Q♠ if it can go, else the highest heart, else the highest card."""
    if QUEEN_OF_SPADES in legal:
        return QUEEN_OF_SPADES
    hearts = [card for card in legal if card.suit_index == HEARTS]
    return max(hearts or legal, key=lambda card: card.rank_index)
