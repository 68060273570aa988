"""« Difficile »: legal and repeatable choices, sampled deals that respect what the seat knows,
and the habits a strong player never breaks. Small sample budgets keep the suite quick."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from game.bots.counting import equivalent_groups
from game.bots.levels.hard import HardBot, pass_candidates
from game.bots.playout import bits_of
from game.bots.sampling import DealSampler, Knowledge, knowledge_of
from game.engine import Card, Deal, PassDirection, deal_hands
from game.engine.cards import CARDS, SUIT_MASKS, SUITS, mask_of
from game.engine.rules import trick_winner, winning_bit
from tests.game.engine.builders import card, cards, play

QUICK = {"samples": 6, "pass_samples": 3}

# Seat 2 has no diamond and holds the Q♠ with low hearts (no hope of a moon); seat 0 can duck
# a diamond with the 5♦.
HANDS = {
    0: "2C 5C 6C 5D KD TH JH QH KH 2S 3S 4S 5S",
    1: "AC 7C 8C 9D TD JD 6H 7H 8H AH 6S 7S 8S",
    2: "3C 9C TC QS KS AS 2H 3H 4H 5H 9H 9S TS",
    3: "4C JC QC KC 2D 3D 4D 6D 7D 8D QD AD JS",
}
# Seat 1 wins the first trick with the A♣ and leads a diamond.
FIRST_TRICK = "2C AC 3C 4C"


def deal_of(hands: dict[int, str], direction: PassDirection = PassDirection.NONE) -> Deal:
    return Deal.start([cards(hands[seat]) for seat in range(4)], direction)


def play_whole_deal(bots: list[HardBot], rng_seed: int, direction: PassDirection) -> Deal:
    deal = Deal.start(deal_hands(rng_seed), direction)
    if deal.phase == "passing":
        for seat in range(4):
            view = deal.view(seat)
            chosen = bots[seat].choose_pass(view)
            assert len(chosen) == 3
            assert len(set(chosen)) == 3
            assert set(chosen) <= set(view.hand)
            deal.submit_pass(seat, chosen)
    while deal.phase == "playing":
        seat = deal.turn
        view = deal.view(seat)
        chosen = bots[seat].choose_play(view)
        assert chosen in view.legal
        deal.play(seat, chosen)
    return deal


@pytest.mark.parametrize("direction", list(PassDirection))
def test_it_passes_three_of_its_cards_and_plays_only_legal_cards(direction):
    for number in range(3):
        bots = [HardBot(seed=number * 4 + seat, **QUICK) for seat in range(4)]
        deal = play_whole_deal(bots, number * 4 + list(PassDirection).index(direction), direction)
        assert deal.phase == "finished"


def test_the_same_seed_and_view_give_the_same_choice_whatever_was_asked_before():
    deal = play(deal_of(HANDS), FIRST_TRICK + " 9D QS 3D")
    view = deal.view(0)
    fresh = HardBot(seed=7, **QUICK).choose_play(view)
    busy = HardBot(seed=7, **QUICK)
    other = play(deal_of(HANDS), FIRST_TRICK + " 9D").view(2)
    busy.choose_play(other)
    busy.choose_pass(deal_of(HANDS, PassDirection.LEFT).view(1))
    assert busy.choose_play(view) == fresh
    passing = deal_of(HANDS, PassDirection.ACROSS).view(3)
    first, second = (HardBot(seed=3, **QUICK).choose_pass(passing) for _ in range(2))
    assert first == second


def test_cards_it_cannot_see_do_not_change_its_choice():
    # Seats 1 and 3 swap a heart and a diamond that nobody has played: seat 0 sees the same.
    swapped = dict(HANDS)
    swapped[1] = HANDS[1].replace("7H", "8D")
    swapped[3] = HANDS[3].replace("8D", "7H")
    moves = FIRST_TRICK + " 9D QS 3D"
    views = [play(deal_of(hands), moves).view(0) for hands in (HANDS, swapped)]
    assert views[0] == views[1]
    for seed in range(3):
        choices = {HardBot(seed=seed, **QUICK).choose_play(view) for view in views}
        assert len(choices) == 1
    passes = [deal_of(hands, PassDirection.LEFT).view(0) for hands in (HANDS, swapped)]
    assert passes[0] == passes[1]
    assert len({tuple(HardBot(seed=1, **QUICK).choose_pass(view)) for view in passes}) == 1


def test_it_ducks_under_the_trick_the_queen_of_spades_fell_on():
    view = play(deal_of(HANDS), FIRST_TRICK + " 9D QS 3D").view(0)
    assert HardBot(seed=1, samples=200).choose_play(view) == card("5D")


def test_it_dumps_the_queen_of_spades_when_void_in_the_suit_led():
    view = play(deal_of(HANDS), FIRST_TRICK + " 9D").view(2)
    assert HardBot(seed=1, samples=200).choose_play(view) == card("QS")


def test_it_plays_the_queen_of_spades_under_the_king():
    hands = dict(HANDS)
    hands[1] = HANDS[1].replace("8S", "KS")
    hands[2] = HANDS[2].replace("KS", "8S").replace("AS", "JS")
    hands[3] = HANDS[3].replace("JS", "AS")
    view = play(deal_of(hands), FIRST_TRICK + " KS").view(2)
    assert HardBot(seed=1, samples=200).choose_play(view) == card("QS")


def test_a_single_legal_card_is_played_without_search():
    deal = deal_of(HANDS)
    assert HardBot(seed=1, samples=10**6).choose_play(deal.view(0)) == card("2C")


def _random_position(number: int) -> Deal:
    """A deal some way in: random passes, then random legal cards."""
    rng = random.Random(number)
    direction = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS][number % 3]
    deal = Deal.start(deal_hands(rng), direction)
    for seat in range(4):
        deal.submit_pass(seat, rng.sample(deal.hand(seat), 3))
    for _ in range(rng.randrange(1, 48)):
        seat = deal.turn
        deal.play(seat, rng.choice(deal.legal_cards(seat)))
    return deal


# 279, 463, 632 and 966: a seat that declined to drop the Q♠, where giving her to some seat
# leaves a card no seat may hold: that holder is impossible, the voids still stand.
@pytest.mark.parametrize("number", [*range(12), 279, 463, 632, 966])
def test_sampled_deals_agree_with_everything_the_seat_knows(number):
    deal = _random_position(number)
    seat = deal.turn
    view = deal.view(seat)
    knowledge = knowledge_of(view)
    receiver = view.direction.receiver(seat)
    still_passed = mask_of(view.passed) & mask_of(view.unseen)
    real = [mask_of(deal.hand(other)) for other in range(4)]
    # The real deal is one of those the seat must consider possible.
    for other in range(4):
        if other != seat:
            assert real[other] & ~knowledge.allowed[other] == 0
    sampler = DealSampler(knowledge)
    rng = random.Random(number)
    for _ in range(30):
        hands = sampler.sample(rng)
        assert hands[seat] == real[seat]
        assert [hand.bit_count() for hand in hands] == [hand.bit_count() for hand in real]
        assert hands[0] | hands[1] | hands[2] | hands[3] == real[0] | real[1] | real[2] | real[3]
        assert hands[receiver] & still_passed == still_passed
        for other, suits in enumerate(view.voids):
            for suit in suits:
                assert not hands[other] & SUIT_MASKS[SUITS.index(suit)]


def test_sampled_deals_spread_the_free_cards_over_every_seat_that_may_hold_them():
    view = play(deal_of(HANDS), FIRST_TRICK + " 9D QS 3D").view(0)
    sampler = DealSampler(knowledge_of(view))
    rng = random.Random(5)
    holders = {seat: set() for seat in (1, 2, 3)}
    low_heart = card("2H").bit
    ace_of_diamonds = card("AD").bit
    for _ in range(200):
        hands = sampler.sample(rng)
        for seat in (1, 2, 3):
            if hands[seat] & low_heart:
                holders[seat].add("2H")
            if hands[seat] & ace_of_diamonds:
                holders[seat].add("AD")
    assert holders[1] == {"2H", "AD"}
    assert holders[3] == {"2H", "AD"}
    assert holders[2] == {"2H"}  # seat 2 showed it has no diamond


def test_cards_with_nothing_unseen_between_them_are_one_choice():
    hand = mask_of(cards("2H 3H 5H JS QS KS"))
    hidden = mask_of(cards("4H 9S"))
    groups = equivalent_groups(hand, hidden)
    assert groups == [
        mask_of(cards("2H 3H")),
        mask_of(cards("5H")),
        mask_of(cards("JS")),
        mask_of(cards("QS")),
        mask_of(cards("KS")),
    ]


def test_a_card_of_the_trick_between_two_of_ours_keeps_them_apart():
    legal = mask_of(cards("TH QH"))
    hidden = mask_of(cards("2H AH"))
    led = mask_of(cards("JH"))

    assert equivalent_groups(legal, hidden) == [legal]
    assert equivalent_groups(legal, hidden | led) == [mask_of(cards("TH")), mask_of(cards("QH"))]


def test_pass_candidates_are_three_distinct_cards_of_the_hand():
    hand = mask_of(cards(HANDS[2]))
    candidates = pass_candidates(hand)
    assert candidates
    assert all(pass_.bit_count() == 3 and not pass_ & ~hand for pass_ in candidates)
    assert len(set(candidates)) == len(candidates)


def test_sampled_deals_are_drawn_uniformly_among_the_possible_ones():
    # Nine hidden cards, three a seat; seat 1 has shown no club, seat 2 no heart.
    clubs, diamonds, hearts = (0b111 << 13 * suit for suit in range(3))
    hidden = clubs | diamonds | hearts
    allowed = (0, hidden & ~clubs, hidden & ~hearts, hidden)
    knowledge = Knowledge(0, mask_of(cards("JS QS KS")), hidden, (3, 3, 3, 3), (0,) * 4, allowed)
    possible = []
    for first in combinations(bits_of(hidden), 3):
        rest = hidden & ~sum(first)
        for second in combinations(bits_of(rest), 3):
            hands = (sum(first), sum(second), rest & ~sum(second))
            if all(not hands[index] & ~allowed[index + 1] for index in range(3)):
                possible.append(hands)
    sampler = DealSampler(knowledge)
    rng = random.Random(2)
    draws = 20_000
    counts = Counter(tuple(sampler.sample(rng)[1:]) for _ in range(draws))
    assert set(counts) == set(possible)
    expected = draws / len(possible)
    chi_square = sum((counts[hands] - expected) ** 2 / expected for hands in possible)
    degrees = len(possible) - 1
    assert chi_square < degrees + 6 * (2 * degrees) ** 0.5


def test_a_seat_that_kept_the_queen_of_spades_when_it_could_drop_her_rarely_holds_her():
    # Seat 2 shows no diamond and drops a heart instead of the Q♠: seat 0 suspects seat 2
    # less, though a deal giving her the Q♠ stays possible.
    hands = {
        0: HANDS[0],
        1: "AC 7C 8C 9D TD JD 8D 7H 8H AH 6S 7S 8S",
        2: "3C 9C TC 6H KS AS 2H 3H 4H 5H 9H 9S TS",
        3: "4C JC QC KC 2D 3D 4D 6D 7D QS QD AD JS",
    }
    view = play(deal_of(hands), FIRST_TRICK + " 9D 2H 3D").view(0)
    knowledge = knowledge_of(view)
    assert knowledge.queen_declined == {2}
    sampler = DealSampler(knowledge)
    rng = random.Random(3)
    queen = card("QS").bit
    holders = Counter(
        next(seat for seat, hand in enumerate(sampler.sample(rng)) if hand & queen)
        for _ in range(600)
    )
    assert 0 < holders[2] < holders[1] / 4
    assert 0 < holders[2] < holders[3] / 4


def test_the_playouts_trick_winner_on_masks_agrees_with_the_engine():
    rng = random.Random(9)
    deck = Card.deck()
    for _ in range(500):
        trick = rng.sample(deck, 4)
        plays = list(zip((2, 3, 0, 1), trick, strict=True))
        bit = winning_bit(mask_of(trick), trick[0].suit_index)
        seat_of = {card: seat for seat, card in plays}
        assert seat_of[CARDS[bit.bit_length() - 1]] == trick_winner(plays)
