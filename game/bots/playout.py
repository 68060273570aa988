"""Fast playouts of the rest of a hand on raw masks, for the hard bot's sampling search.

A playout needs a cheap policy that still plays like a sensible person: uniform random
play ducks nothing and dumps nothing, so the search would learn little from it. The rules
(legal cards, who takes a trick, points, the moon) come from `game.engine.rules`; only the
choice among legal cards lives here.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import (
    HEARTS,
    HEARTS_MASK,
    POINTS_MASK,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    SUIT_MASKS,
)
from game.engine.rules import (
    NO_LEAD,
    legal_mask,
    moon_scores,
    opens_hearts,
    points_of,
    winning_bit,
)

SPADES_MASK = SUIT_MASKS[SPADES]
QUEEN = QUEEN_OF_SPADES_BIT
# A♠ and K♠ take the trick the Q♠ falls on: a liability while the queen is still out.
ACE_KING_OF_SPADES = QUEEN << 1 | QUEEN << 2
BELOW_QUEEN_OF_SPADES = SPADES_MASK & (QUEEN - 1)
NON_POINTS = ~POINTS_MASK
# Points one seat must hold alone before the playouts treat the hand as a moon race.
MOON_WATCH = 10


def highest(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


def rank_of(bit: int) -> int:
    return (bit.bit_length() - 1) % 13


def suit_of(bit: int) -> int:
    return (bit.bit_length() - 1) // 13


def choose_lead(legal: int, hand: int, others: int) -> int:
    """Lead the low card that the others can least often duck under, keeping spades safe."""
    best = 0
    best_score = 1000
    for suit_mask in SUIT_MASKS:
        mine = legal & suit_mask
        if not mine:
            continue
        low = mine & -mine
        theirs = others & suit_mask
        # Cards of theirs below our lead are the ones that let them duck: fewer is safer.
        score = (theirs & (low - 1)).bit_count() * 4 if theirs else 60
        if suit_mask == SPADES_MASK:
            if hand & QUEEN:
                score += 60 if low >= QUEEN else 6
            elif others & QUEEN:
                # Leading a spade under the queen hunts it; A♠ or K♠ would catch it.
                score += 80 if low > QUEEN else -3
        score += mine.bit_count()
        if score < best_score:
            best_score = score
            best = low
    return best


def choose_follow(legal: int, trick: int, lead_suit: int, last: bool, others: int) -> int:
    """Follow suit: duck under the winning card with the highest card that still ducks."""
    top = highest(trick & SUIT_MASKS[lead_suit])
    below = legal & (top - 1)
    safe = legal & ~QUEEN or legal
    if last and not trick & POINTS_MASK:
        # A clean trick taken last costs nothing and sheds a high card.
        return highest(safe)
    if below:
        return highest(below)
    if last:
        return highest(safe)
    if trick & POINTS_MASK or (lead_suit == SPADES and others & QUEEN):
        # Someone after us may still go over: give them the chance, and keep A♠/K♠ back.
        return safe & -safe
    return highest(safe)


def choose_discard(legal: int, others: int) -> int:
    """Void in the suit led: dump the Q♠, then A♠/K♠ while she is out, hearts, then high cards."""
    if legal & QUEEN:
        return QUEEN
    if others & QUEEN and legal & ACE_KING_OF_SPADES:
        return highest(legal & ACE_KING_OF_SPADES)
    if legal & HEARTS_MASK:
        return highest(legal & HEARTS_MASK)
    best = 0
    best_score = -100
    for suit_mask in SUIT_MASKS:
        mine = legal & suit_mask
        if mine:
            top = highest(mine)
            # High cards first; among equals, the shorter suit, to make a void sooner.
            score = rank_of(top) * 16 - mine.bit_count()
            if score > best_score:
                best_score = score
                best = top
    return best


def choose_card(
    hand: int, legal: int, trick: int, lead_suit: int, position: int, others: int
) -> int:
    """The playout policy for one seat: a card of `legal` (two or more) as a bit."""
    if lead_suit == NO_LEAD:
        return choose_lead(legal, hand, others)
    if legal & SUIT_MASKS[lead_suit]:
        return choose_follow(legal, trick, lead_suit, position == 3, others)
    return choose_discard(legal, others)


def moon_runner(points: list[int]) -> int:
    """The seat that alone has taken every point so far, once enough to make a moon likely."""
    taken = points[0] + points[1] + points[2] + points[3]
    if taken >= MOON_WATCH:
        for seat in range(4):
            if points[seat] == taken:
                return seat
    return -1


def choose_in_moon_race(
    legal: int, trick: int, lead_suit: int, shooting: bool, shooter_winning: bool, others: int
) -> int:
    """The shooter takes every trick it can; the others take a trick from it to stop it.

    0 when the race changes nothing and the usual policy should choose.
    """
    if shooting:
        if lead_suit == NO_LEAD:
            best = 0
            best_score = -1
            for suit_mask in SUIT_MASKS:
                mine = legal & suit_mask
                if mine:
                    top = highest(mine)
                    # A card nobody can beat first, from the longest suit; else the highest.
                    sure = top > others & suit_mask
                    score = sure * 64 + (mine.bit_count() * 4 if sure else rank_of(top))
                    if score > best_score:
                        best_score = score
                        best = top
            return best
        following = legal & SUIT_MASKS[lead_suit]
        if following:
            top = highest(following)
            return top if top > trick & SUIT_MASKS[lead_suit] else following & -following
        cheap = legal & NON_POINTS or legal
        return cheap & -cheap
    if not shooter_winning or lead_suit == NO_LEAD:
        return 0
    following = legal & SUIT_MASKS[lead_suit]
    if following:
        over = following & ~((highest(trick & SUIT_MASKS[lead_suit]) << 1) - 1)
        if over and trick & POINTS_MASK:
            over = over & ~QUEEN or over
            return over & -over
        return 0
    # Keep the hearts that may stop it later; give it nothing that counts.
    cheap = legal & NON_POINTS
    return highest(cheap) if cheap else 0


type Chooser = Callable[[int, int, int, int, int, int], int]
"""One seat's own choice in a playout: given (legal, hand, trick, lead suit, position in the
trick, the others' cards), a bit of `legal`, or 0 to leave the choice to the policy."""


def play_out(
    hands: list[int],
    leader: int,
    plays: list[int],
    first_trick: bool,
    hearts_broken: bool,
    points: list[int],
    chooser_seat: int = -1,
    chooser: Chooser | None = None,
) -> list[int]:
    """Play the hand to its end with the policy; the hand's scores with the moon applied.

    `plays` are the bits already in the current trick, from `leader` on. `hands`, `plays`
    and `points` are changed in place: pass copies. The seat `chooser_seat`, if any, asks
    `chooser` first at each of its turns (the tree search's own moves).
    """
    while True:
        trick = 0
        for bit in plays:
            trick |= bit
        lead_suit = suit_of(plays[0]) if plays else NO_LEAD
        left = hands[0] | hands[1] | hands[2] | hands[3]
        shooter = moon_runner(points)
        for position in range(len(plays), 4):
            seat = (leader + position) & 3
            hand = hands[seat]
            legal = legal_mask(hand, lead_suit, first_trick, hearts_broken)
            bit = (
                chooser(legal, hand, trick, lead_suit, position, left & ~hand)
                if seat == chooser_seat and chooser
                else 0
            )
            if bit:
                pass
            elif not legal & (legal - 1):
                bit = legal
            elif shooter < 0:
                bit = choose_card(hand, legal, trick, lead_suit, position, left & ~hand)
            else:
                winner = (leader + plays.index(winning_bit(trick, lead_suit))) & 3 if plays else -1
                others = left & ~hand
                bit = choose_in_moon_race(
                    legal, trick, lead_suit, seat == shooter, winner == shooter, others
                ) or choose_card(hand, legal, trick, lead_suit, position, others)
            hands[seat] = hand ^ bit
            left ^= bit
            if not position:
                lead_suit = suit_of(bit)
            trick |= bit
            plays.append(bit)
        leader = (leader + plays.index(winning_bit(trick, lead_suit))) & 3
        points[leader] += points_of(trick)
        if not left:
            return moon_scores(points)[0]
        hearts_broken = hearts_broken or opens_hearts(trick)
        first_trick = False
        plays = []


def margin(scores: list[int], seat: int) -> int:
    """Our score against the others' mean, times three: what the bot minimises.

    Without a moon it orders outcomes exactly as our own points do (the 26 points are shared);
    it also weighs a moon as it truly counts: ours gains 26 on each other seat, theirs costs
    us 26 while one rival scores nothing.
    """
    return 4 * scores[seat] - sum(scores)


def pass_danger(hand: int, bit: int) -> int:
    """How much a card of `hand` is worth passing: the playout opponents pass the top three."""
    rank = rank_of(bit)
    suit = suit_of(bit)
    if suit == SPADES:
        guards = (hand & BELOW_QUEEN_OF_SPADES).bit_count()
        if bit == QUEEN or bit & ACE_KING_OF_SPADES:
            # Enough low spades protect the queen (and A♠/K♠ from catching her).
            return 100 + rank if guards < 4 else 10 + rank
        return rank
    if suit == HEARTS:
        return 40 + rank * 3 if rank >= 8 else rank * 2
    length = (hand & SUIT_MASKS[suit]).bit_count()
    return rank * 5 + (12 if length <= 2 else 0)


def policy_pass(hand: int) -> int:
    """The playout opponents' pass: the three cards of highest `pass_danger`."""
    bits = sorted(bits_of(hand), key=lambda bit: pass_danger(hand, bit), reverse=True)
    return bits[0] | bits[1] | bits[2]


def bits_of(mask: int) -> list[int]:
    """The single-card bits of a mask, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits
