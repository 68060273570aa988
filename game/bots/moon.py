"""The moon (« tirer la lune »): when to fear another seat's attempt, when to try one's own.

Taking all 26 points gives the other three 26 each, so a shot that succeeds swings a hand
by far more than careful ducking ever saves, and one that fails costs just as much. Both
judgements are made afresh from the view at each decision: a bot keeps no plan between
calls, and an attempt is dropped as soon as any other seat takes a point.
"""

from __future__ import annotations

from game.engine import PlayerView
from game.engine.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    HEARTS_MASK,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    SUIT_MASKS,
)

from .base import ViewMasks
from .counting import ABOVE_QUEEN_OF_SPADES, SPADES_MASK, sure_winners

# A seat holding every point so far is worth stopping once it has this many (the Q♠ and three
# hearts). Below that a moon is far off, and keeping our own points off its tricks costs more
# than the moons it stops: the arena says so.
ALARM_POINTS = 16
# Top hearts needed to draw the hearts the others still hold (they rarely hold more each).
HEART_DRAWS = 4
# Side-suit cards that may lose a trick before a hand stops looking like a moon.
SIDE_LOSERS = 2


def moon_alarm(view: PlayerView) -> int | None:
    """The other seat that alone took every point so far, once it holds enough to worry."""
    threat = view.moon_threat
    if threat is None or threat == view.seat or view.points_taken[threat] < ALARM_POINTS:
        return None
    return threat


def can_shoot(view: PlayerView, masks: ViewMasks) -> bool:
    """No other seat has a point yet and our cards (with what we took) can win all the rest."""
    if any(points for seat, points in enumerate(view.points_taken) if seat != view.seat):
        return False
    queen_taken = not (masks.hand | masks.unseen) & QUEEN_OF_SPADES_BIT
    return moon_hand(masks.hand, masks.unseen, queen_taken)


def moon_hand(hand: int, unseen: int, queen_taken: bool = False, spare_losers: int = 0) -> bool:
    """Whether this hand controls the hearts, the Q♠ and enough of the side suits to shoot.

    `spare_losers` loosens the side-suit test before the pass, which sends losers away.
    """
    hearts_out = (unseen & HEARTS_MASK).bit_count()
    top_hearts = sure_winners(hand, unseen, HEARTS).bit_count()
    if hearts_out and top_hearts < min(hearts_out, HEART_DRAWS):
        return False
    if not queen_taken and not _controls_queen(hand, unseen):
        return False
    losers = 0
    for suit in (CLUBS, DIAMONDS, SPADES):
        held = (hand & SUIT_MASKS[suit]).bit_count()
        losers += held - sure_winners(hand, unseen, suit).bit_count()
    return losers <= SIDE_LOSERS + spare_losers


def _controls_queen(hand: int, unseen: int) -> bool:
    """We hold the Q♠ with nothing over it out, or the A♠ and K♠ with length to force it out."""
    spades = (hand & SPADES_MASK).bit_count()
    if hand & QUEEN_OF_SPADES_BIT:
        return not unseen & ABOVE_QUEEN_OF_SPADES or spades >= 4
    return hand & ABOVE_QUEEN_OF_SPADES == ABOVE_QUEEN_OF_SPADES and spades >= 4
