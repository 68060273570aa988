"""Deals of the unseen cards that agree with everything one seat knows.

The hard bot imagines where the cards it cannot see might be. Each imagined deal must be
possible: a seat never holds a suit it has shown void in, the receiver of our pass holds the
cards we passed until it plays them, every seat holds as many cards as it has left, and the
few plays that reveal a whole hand (points on the first trick, a heart led while hearts are
closed) are respected. Among the possible deals each is drawn with the same probability:
the cards are grouped by which seats may hold them, and the number of ways to complete a deal
is counted once per decision, so drawing a deal is a few weighted choices and shuffles.

One habit shared by nearly every player is read as a likelihood rather than a rule: a seat
that passed up a safe chance to drop the Q♠ probably does not hold her, so deals that give
her to such a seat are kept only now and then.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache
from math import comb, factorial

from game.engine import Card, PlayerView
from game.engine.cards import (
    HEARTS_MASK,
    POINTS_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASKS,
    SUITS,
    mask_of,
)

from .base import PerSeat, per_seat
from .playout import bits_of

SEATS = range(4)
# How much less likely a deal is when it gives the Q♠ to a seat that declined to drop her.
QUEEN_DECLINED_ODDS = 0.1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about where the unseen cards are, as masks indexed by seat."""

    seat: int
    hand: int
    hidden: int
    sizes: PerSeat
    """How many cards each seat still holds."""
    known: PerSeat
    """Hidden cards a seat surely holds: the cards we passed, until their receiver plays them."""
    allowed: PerSeat
    """Hidden cards a seat may hold."""
    queen_declined: frozenset[int] = frozenset()
    """Seats that could have dropped the Q♠ safely (void in the suit led, or under A♠/K♠)
    and played another card."""


def knowledge_of(view: PlayerView) -> Knowledge:
    """Read the constraints on the other hands from a view in the playing phase."""
    seat = view.seat
    hidden = mask_of(view.unseen)
    sizes = [13, 13, 13, 13]
    allowed = [hidden] * 4
    hearts_open = False
    queen_out = QUEEN_OF_SPADES not in view.played
    declined: set[int] = set()
    tricks = [trick.plays for trick in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    for number, plays in enumerate(tricks):
        leader, lead = plays[0]
        if lead.suit == "H" and not hearts_open and number:
            # docs/rules.md: a heart is led while hearts are closed only from a hand of hearts.
            allowed[leader] &= HEARTS_MASK
        top = lead
        for player, card in plays:
            sizes[player] -= 1
            if queen_out and number and player != seat and _declines_queen(lead, top, card):
                declined.add(player)
            if card.suit == lead.suit and card.rank_index > top.rank_index:
                top = card
            queen_out = queen_out and card is not QUEEN_OF_SPADES
            if card.suit != lead.suit and number == 0 and card.points:
                # docs/rules.md: points go on the first trick only from a hand of nothing else.
                allowed[player] &= POINTS_MASK
            hearts_open = hearts_open or card.suit == "H"
    for player, suits in enumerate(view.voids):
        for suit in suits:
            allowed[player] &= ~SUIT_MASKS[SUITS.index(suit)]
    known = [0, 0, 0, 0]
    if view.passed and view.direction.offset:
        receiver = view.direction.receiver(seat)
        known[receiver] = mask_of(view.passed) & hidden
    allowed[seat] = known[seat] = 0
    hand = mask_of(view.hand)
    sizes[seat] = hand.bit_count()
    return Knowledge(
        seat, hand, hidden, per_seat(sizes), per_seat(known), per_seat(allowed), frozenset(declined)
    )


def _declines_queen(lead: Card, top: Card, card: Card) -> bool:
    """Whether playing `card` passed up a safe Q♠ drop, had the player held her.

    Void in the suit led, or following spades under the A♠ or K♠, the Q♠ goes to another
    seat for certain; nearly everyone takes that chance. (Never on the first trick, where
    docs/rules.md forbids her: the caller skips it.)
    """
    if card is QUEEN_OF_SPADES or card is lead:
        return False
    if card.suit != lead.suit:
        return True
    return lead.suit == "S" and top.bit > QUEEN_OF_SPADES_BIT


class DealSampler:
    """Draws the other three hands among the deals the knowledge allows.

    Every possible deal is equally likely, except for the Q♠ likelihood: then the holder of
    the Q♠ is drawn first, each seat weighted by the deals that give her to it, and the rest
    is drawn uniformly given that holder.
    """

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.others = tuple(seat for seat in SEATS if seat != knowledge.seat)
        self._plan(strict=True)
        self.strict = min(self.needs) >= 0 and bool(self._ways(0, *self.needs))
        if not self.strict:
            # Only a view that no real deal produces gets here: drop the voids and inferences
            # rather than fail, the cards we passed and the hand sizes still hold.
            self._plan(strict=False)
        self.by_queen_holder: list[DealSampler] = []
        self.holder_weights: list[float] = []
        queen_free = knowledge.hidden & ~sum(knowledge.known) & QUEEN_OF_SPADES_BIT
        if knowledge.queen_declined and queen_free:
            for seat in self.others:
                if not knowledge.allowed[seat] & QUEEN_OF_SPADES_BIT:
                    continue
                known = list(knowledge.known)
                known[seat] |= QUEEN_OF_SPADES_BIT
                given = DealSampler(
                    replace(knowledge, known=per_seat(known), queen_declined=frozenset())
                )
                # A holder that leaves no deal true to the voids shown is impossible, not a
                # reason to forget the voids.
                deals = given.count() if given.strict else 0
                if deals:
                    odds = QUEEN_DECLINED_ODDS if seat in knowledge.queen_declined else 1.0
                    self.by_queen_holder.append(given)
                    self.holder_weights.append(deals * odds)

    def count(self) -> int:
        """How many deals are possible (all drawn alike when there is no Q♠ likelihood)."""
        return self._ways(0, *self.needs) if min(self.needs) >= 0 else 0

    def _plan(self, strict: bool) -> None:
        """Group the free cards by which of the three other seats may hold them."""
        knowledge = self.knowledge
        free = knowledge.hidden
        for mask in knowledge.known:
            free &= ~mask
        base = [knowledge.known[seat] for seat in self.others]
        needs = [
            knowledge.sizes[seat] - base[member].bit_count()
            for member, seat in enumerate(self.others)
        ]
        allowed = [knowledge.allowed[seat] & free if strict else free for seat in self.others]
        groups: dict[tuple[int, ...], int] = {}
        for subset in range(1, 8):
            mask = free
            for member in range(3):
                mask &= allowed[member] if subset >> member & 1 else ~allowed[member]
            members = tuple(member for member in range(3) if subset >> member & 1)
            if not mask:
                continue
            if len(members) == 1:
                # A card only one seat may hold is that seat's.
                base[members[0]] |= mask
                needs[members[0]] -= mask.bit_count()
            else:
                groups[members] = mask
        if free & ~(allowed[0] | allowed[1] | allowed[2]):
            needs = [-1, -1, -1]
        self.base = base
        self.needs = tuple(needs)
        self.pairs = [
            (members, bits_of(mask)) for members, mask in groups.items() if len(members) == 2
        ]
        self.everyone = bits_of(groups.get((0, 1, 2), 0))
        self._ways = cache(self._completions)
        self._splits = cache(self._count_splits)

    def _completions(self, index: int, need_a: int, need_b: int, need_c: int) -> int:
        """Ways to give the groups from `index` on to seats still needing these counts."""
        if index < len(self.pairs):
            return sum(self._splits(index, need_a, need_b, need_c))
        if len(self.everyone) != need_a + need_b + need_c:
            return 0
        return factorial(len(self.everyone)) // (
            factorial(need_a) * factorial(need_b) * factorial(need_c)
        )

    def _count_splits(self, index: int, *needs: int) -> list[int]:
        """For each number of the pair group's cards its first seat takes, the ways to finish."""
        (first, second), cards = self.pairs[index]
        weights = []
        for split in range(len(cards) + 1):
            rest = list(needs)
            rest[first] -= split
            rest[second] -= len(cards) - split
            fits = rest[first] >= 0 and rest[second] >= 0
            weights.append(comb(len(cards), split) * self._ways(index + 1, *rest) if fits else 0)
        return weights

    def sample(self, rng: random.Random) -> list[int]:
        """Four hands as masks: ours as it is, the others drawn."""
        if self.by_queen_holder:
            (given,) = rng.choices(self.by_queen_holder, self.holder_weights)
            return given.sample(rng)
        return self._draw(rng)

    def _draw(self, rng: random.Random) -> list[int]:
        """Four hands as masks, uniformly among the possible deals."""
        hands = list(self.base)
        needs = list(self.needs)
        for index, ((first, second), cards) in enumerate(self.pairs):
            weights = self._splits(index, *needs)
            pick = rng.randrange(sum(weights))
            split = 0
            while pick >= weights[split]:
                pick -= weights[split]
                split += 1
            shuffled = rng.sample(cards, len(cards))
            for bit in shuffled[:split]:
                hands[first] |= bit
            for bit in shuffled[split:]:
                hands[second] |= bit
            needs[first] -= split
            needs[second] -= len(cards) - split
        shuffled = rng.sample(self.everyone, len(self.everyone))
        start = 0
        for member in range(3):
            for bit in shuffled[start : start + needs[member]]:
                hands[member] |= bit
            start += needs[member]
        result = [0, 0, 0, 0]
        result[self.knowledge.seat] = self.knowledge.hand
        for member, seat in enumerate(self.others):
            result[seat] = hands[member]
        return result
