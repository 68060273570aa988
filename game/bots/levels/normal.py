"""« Normal », the site's default: a careful rule-based player that counts cards.

It reads everything its view offers (the cards played, the voids shown, the cards it passed
and to whom) and plays the habits of a sound club player: pass the Q♠, the high spades and
high hearts and make a void; duck under the winning card, but take a trick that is and stays
clean with the highest card (high cards are liabilities: in the arena this habit alone is
worth about half a point per hand); dump the Q♠ and then the cards most likely to win a trick
when void; lead where the others must overtake; flush the Q♠ out with low spades; stop a
moon, and shoot one itself when the hand is overwhelming.

It draws nothing at random: the seed is kept only for the interface every level shares.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Card, PlayerView
from game.engine.cards import (
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    HEARTS,
    HEARTS_MASK,
    NON_POINTS_MASK,
    QUEEN_OF_SPADES,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    SUIT_MASKS,
    cards_of,
    mask_of,
)
from game.engine.rules import NO_LEAD, points_of

from ..base import (
    Bot,
    ViewMasks,
    gettext_noop,
    highest,
    lead_suit_index,
    lowest,
    view_masks,
)
from ..counting import (
    ABOVE_QUEEN_OF_SPADES,
    BELOW_QUEEN_OF_SPADES,
    SPADES_MASK,
    above,
    all_sure_winners,
    below,
    queen_holder,
)
from ..moon import can_shoot, moon_alarm, moon_hand

# Low spades that make holding the Q♠ safe (seeds: « quatre ou cinq petits piques la protègent »).
QUEEN_GUARDS = 4
# Low spades under which the A♠ and K♠ are a liability: they would catch a Q♠ dropped on them.
SPADE_GUARDS = 3
HIGH_HEARTS = mask_of(Card.from_code(code) for code in ("AH", "KH", "QH", "JH"))
# What a discarded heart is worth over a side card of the same strength: a point given away.
HEART_DISCARD_BONUS = 3
# Leading a low spade while the Q♠ is out and we hold nothing that could catch it.
FLUSH_BONUS = 6.0
# Leading spades from under our own A♠/K♠ strips the guards that let them duck later.
GUARD_PENALTY = 1.5
QUEEN_LEAD_PENALTY = 3.0
# Unseen cards of the suit led for the seats after us to count as still following it.
STILL_FOLLOWING = 6


@dataclass(frozen=True, slots=True)
class Table:
    """One decision's reading of the view: the trick so far and what the count tells."""

    view: PlayerView
    masks: ViewMasks
    lead: int
    winner: int | None
    winning: Card | None
    later: tuple[int, ...]
    trick_points: int
    queen_out: bool
    alarm: int | None

    @classmethod
    def read(cls, view: PlayerView) -> Table:
        masks = view_masks(view)
        winner, winning = view.winning_play or (None, None)
        played = len(view.current_trick)
        return cls(
            view=view,
            masks=masks,
            lead=lead_suit_index(view),
            winner=winner,
            winning=winning,
            later=tuple((view.seat + step) % 4 for step in range(1, 4 - played)) if played else (),
            trick_points=points_of(masks.trick),
            queen_out=bool(masks.unseen & QUEEN_OF_SPADES_BIT),
            alarm=moon_alarm(view),
        )

    @property
    def to_beat(self) -> int:
        """The bit of the card winning the trick, when the seat follows (there is one)."""
        assert self.winning is not None
        return self.winning.bit

    @property
    def is_last(self) -> bool:
        return self.lead != NO_LEAD and not self.later

    def void_in(self, seat: int, suit: int) -> bool:
        return bool(self.masks.voids[seat] >> suit & 1)


class NormalBot(Bot):
    level = "normal"
    label = gettext_noop("Normal")
    order = 2
    searches = False

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return cards_of(pass_mask(mask_of(view.hand)))

    def choose_play(self, view: PlayerView) -> Card:
        if len(view.legal) == 1:
            return view.legal[0]
        table = Table.read(view)
        shooting = can_shoot(view, table.masks)
        if table.lead == NO_LEAD:
            return _shoot_lead(table) if shooting else _lead(table)
        if table.masks.legal & SUIT_MASKS[table.lead]:
            return _shoot_follow(table) if shooting else _follow(table)
        return _shoot_discard(table) if shooting else _discard(table)


# -- passing ---------------------------------------------------------------------------------


def pass_mask(hand: int) -> int:
    """The three cards to pass: moon material kept when the hand can shoot, else danger out."""
    if moon_hand(hand, FULL_DECK & ~hand, spare_losers=3):
        return _moon_pass(hand)
    return _safe_pass(hand)


def _safe_pass(hand: int) -> int:
    """The Q♠ unless well guarded, the A♠/K♠ when short, high hearts, a void, high cards."""
    spades = hand & SPADES_MASK
    guards = (spades & BELOW_QUEEN_OF_SPADES).bit_count()
    keeps_queen = bool(hand & QUEEN_OF_SPADES_BIT) and guards >= QUEEN_GUARDS
    chosen: list[int] = []
    if hand & QUEEN_OF_SPADES_BIT and not keeps_queen:
        chosen.append(QUEEN_OF_SPADES_BIT)
    if guards < SPADE_GUARDS and not keeps_queen:
        chosen += _bits_high_first(spades & ABOVE_QUEEN_OF_SPADES)
    chosen += _bits_high_first(hand & HIGH_HEARTS)
    picked = _first_three(chosen)
    slots = 3 - picked.bit_count()
    if slots:
        picked |= _void_to_make(hand & ~picked, slots)
    for card in sorted(cards_of(hand & ~picked), key=lambda card: _pass_danger(hand, card)):
        if picked.bit_count() == 3:
            break
        picked |= card.bit
    return picked


def _first_three(bits: list[int]) -> int:
    mask = 0
    for bit in bits[:3]:
        mask |= bit
    return mask


def _bits_high_first(mask: int) -> list[int]:
    return [card.bit for card in reversed(cards_of(mask))]


def _void_to_make(hand: int, slots: int) -> int:
    """All the cards of the shortest side suit, if they fit in the slots left: a void to come."""
    suits = [hand & SUIT_MASKS[suit] for suit in (CLUBS, DIAMONDS)]
    short = [cards for cards in suits if 0 < cards.bit_count() <= slots]
    if not short:
        return 0
    return min(short, key=lambda cards: (cards.bit_count(), -cards.bit_length()))


def _pass_danger(hand: int, card: Card) -> tuple[int, int]:
    """Sort key, most dangerous first: high ranks, in short suits; low spades guard the Q♠."""
    if card.bit & BELOW_QUEEN_OF_SPADES:
        return (1, card.rank_index)
    length = (hand & SUIT_MASKS[card.suit_index]).bit_count()
    return (0, length - 2 * card.rank_index)


def _moon_pass(hand: int) -> int:
    """Keep the hearts, the spades and the winners; pass the lowest side cards."""
    winners = all_sure_winners(hand, FULL_DECK & ~hand)
    spare = hand & ~winners & ~HEARTS_MASK & ~SPADES_MASK
    order = sorted(cards_of(spare), key=lambda card: card.rank_index)
    order += sorted(cards_of(hand & ~spare), key=lambda card: (card.bit & winners != 0, card.index))
    return mask_of(order[:3])


# -- playing a card --------------------------------------------------------------------------


def _spare_queen(mask: int) -> int:
    """The cards other than the Q♠, unless the Q♠ is all there is."""
    return mask & ~QUEEN_OF_SPADES_BIT or mask


def _follow(table: Table) -> Card:
    legal = table.masks.legal
    winning = table.to_beat
    overs = legal & above(winning)
    if overs and table.alarm is not None and table.winner == table.alarm and table.trick_points:
        # A few points now are cheap next to 26: overtake the seat that is running for the moon.
        overs = _spare_queen(overs)
        return lowest(overs) if table.is_last else highest(overs)
    ducks = legal & below(winning)
    if not ducks or (overs & ~QUEEN_OF_SPADES_BIT and _safe_to_take(table)):
        # High cards are liabilities: shed the highest while the trick is ours or harmless.
        return highest(_spare_queen(legal))
    return highest(ducks)


def _safe_to_take(table: Table) -> bool:
    """Whether the trick is clean and stays clean: then winning it sheds a high card for free."""
    if table.trick_points:
        return False
    if table.view.is_first_trick or table.is_last:
        # docs/rules.md: no points on the first trick (but for a hand of nothing else).
        return True
    if table.lead == SPADES and table.queen_out:
        holder = queen_holder(table.view)
        if holder is None or holder in table.later:
            return False
    if any(table.void_in(seat, table.lead) for seat in table.later):
        return False
    return (table.masks.unseen & SUIT_MASKS[table.lead]).bit_count() >= STILL_FOLLOWING


def _discard(table: Table) -> Card:
    legal = table.masks.legal
    if table.alarm is not None and table.winner == table.alarm:
        clean = legal & NON_POINTS_MASK
        return _most_dangerous(table, clean) if clean else lowest(legal)
    if legal & QUEEN_OF_SPADES_BIT:
        return QUEEN_OF_SPADES
    candidates = legal
    if table.alarm is not None and legal & HEARTS_MASK:
        # Keep the best heart: it may have to take a trick to break the moon.
        candidates = legal & ~highest(legal & HEARTS_MASK).bit or legal
    return _most_dangerous(table, candidates)


def _most_dangerous(table: Table, mask: int) -> Card:
    return max(cards_of(mask), key=lambda card: (_danger(table, card), card.rank_index))


def _danger(table: Table, card: Card) -> float:
    """How likely the card is to win a trick later, and what getting rid of it gives away."""
    hand, unseen = table.masks.hand, table.masks.unseen
    if card.bit & ABOVE_QUEEN_OF_SPADES and table.queen_out:
        return 100
    suit = SUIT_MASKS[card.suit_index]
    danger = (unseen & suit & below(card.bit)).bit_count()
    danger -= (unseen & suit & above(card.bit)).bit_count()
    if card.suit_index == HEARTS:
        danger += HEART_DISCARD_BONUS
    if (hand & suit).bit_count() == 1:
        danger += 1
    return danger


def _lead(table: Table) -> Card:
    return min(cards_of(table.masks.legal), key=lambda card: _lead_cost(table, card))


def _lead_cost(table: Table, card: Card) -> tuple[float, int, int]:
    """Expected points taken by leading this card, then: keep low cards, shorten short suits."""
    masks = table.masks
    suit = card.suit_index
    others = masks.unseen & SUIT_MASKS[suit]
    lower = (others & below(card.bit)).bit_count()
    count = others.bit_count()
    win_chance = 1.0 if not count else lower / count
    load = _expected_voids(table, suit, count) * _dump_value(table)
    if suit == HEARTS:
        load += min(3, count)
    if suit == SPADES and table.queen_out:
        load += 13 * (0.6 if card.bit > QUEEN_OF_SPADES_BIT else 0.15)
    cost = win_chance * load
    if suit == SPADES:
        if masks.hand & QUEEN_OF_SPADES_BIT:
            cost += QUEEN_LEAD_PENALTY
        elif table.queen_out and masks.hand & ABOVE_QUEEN_OF_SPADES:
            cost += GUARD_PENALTY
        elif table.queen_out:
            cost -= FLUSH_BONUS
    length = (masks.hand & SUIT_MASKS[suit]).bit_count()
    return (round(cost, 6), -card.rank_index if lower == 0 else card.rank_index, length)


def _expected_voids(table: Table, suit: int, count: int) -> float:
    """Other seats likely to lack the suit: those that showed it, and a guess for the rest."""
    known = sum(table.void_in(seat, suit) for seat in range(4) if seat != table.view.seat)
    unknown = 3 - known
    if unknown == 0:
        return known
    # The suit's unseen cards spread at random over the seats not known to lack it.
    chance = (1 - 1 / unknown) ** count
    return known + unknown * chance


def _dump_value(table: Table) -> float:
    """What a seat void in the suit led drops on the trick, on average."""
    value = 13 / 3 if table.queen_out else 0.0
    return value + (1.0 if table.masks.unseen & HEARTS_MASK else 0.0)


# -- shooting the moon -----------------------------------------------------------------------


def _shoot_lead(table: Table) -> Card:
    """Cash the Q♠ when nothing can beat it, then the top hearts, then any sure winner."""
    legal = table.masks.legal
    winners = all_sure_winners(table.masks.hand, table.masks.unseen) & legal
    if winners & QUEEN_OF_SPADES_BIT:
        return QUEEN_OF_SPADES
    if winners & HEARTS_MASK:
        return highest(winners & HEARTS_MASK)
    if winners:
        return highest(winners)
    longest = max(
        (legal & SUIT_MASKS[suit] for suit in range(4)), key=lambda cards: cards.bit_count()
    )
    return highest(longest)


def _shoot_follow(table: Table) -> Card:
    legal = table.masks.legal
    overs = legal & above(table.to_beat)
    if overs:
        return lowest(overs) if table.is_last else highest(overs)
    return lowest(legal)


def _shoot_discard(table: Table) -> Card:
    """Throw a low side card; points thrown away would end the attempt."""
    legal = table.masks.legal
    clean = legal & NON_POINTS_MASK
    spare = clean & ~all_sure_winners(table.masks.hand, table.masks.unseen)
    return lowest(spare or clean or legal)
