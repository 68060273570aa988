import random

import pytest

from game.engine import Card, Deal, PassDirection, deal_hands
from tests.game.engine.builders import SEATS, card, deal_with


def four_hands() -> list[list[Card]]:
    deck = Card.deck()
    return [deck[i::4] for i in SEATS]


def test_a_deal_starts_from_four_hands_of_thirteen_covering_the_deck():
    hands = four_hands()
    for hand in hands:
        hand.reverse()

    deal = Deal.start(hands)

    assert deal.direction is PassDirection.LEFT
    assert deal.phase == "passing"
    assert deal.turn is None
    assert [list(h) for h in deal.dealt_hands] == [sorted(h) for h in hands]
    assert [deal.hand(s) for s in SEATS] == [sorted(h) for h in hands]


def test_three_hands_are_refused():
    with pytest.raises(ValueError):
        Deal.start(four_hands()[:3])


def test_five_hands_are_refused():
    with pytest.raises(ValueError):
        Deal.start([*four_hands(), []])


def test_hands_of_twelve_and_fourteen_are_refused():
    hands = four_hands()
    hands[1].append(hands[0].pop())

    with pytest.raises(ValueError):
        Deal.start(hands)


def test_a_short_deck_is_refused():
    hands = four_hands()
    hands[3].pop()

    with pytest.raises(ValueError):
        Deal.start(hands)


def test_a_card_dealt_twice_is_refused():
    hands = four_hands()
    hands[2][0] = hands[1][0]

    with pytest.raises(ValueError):
        Deal.start(hands)


def test_a_card_twice_in_one_hand_is_refused():
    hands = four_hands()
    hands[0][1] = hands[0][0]

    with pytest.raises(ValueError):
        Deal.start(hands)


def test_deal_hands_deals_thirteen_cards_to_each_seat_covering_the_deck():
    for rng in (None, 11, random.Random(11)):
        hands = deal_hands(rng)

        assert len(hands) == 4
        assert all(len(hand) == 13 for hand in hands)
        assert sorted(c for hand in hands for c in hand) == Card.deck()


def test_deal_hands_is_reproducible_from_a_seed():
    assert deal_hands(2024) == deal_hands(2024)
    assert deal_hands(2024) != deal_hands(2025)


def test_the_holder_of_the_two_of_clubs_plays_first_when_there_is_no_pass():
    for holder in SEATS:
        deal = deal_with({holder: "2C"}, PassDirection.NONE)

        assert deal.phase == "playing"
        assert deal.turn == holder
        assert deal.legal_cards(holder) == [card("2C")]


def test_a_fresh_deal_has_no_tricks_and_no_points():
    deal = deal_with(direction=PassDirection.NONE)

    assert list(deal.tricks) == []
    assert list(deal.current_trick) == []
    assert list(deal.points_taken) == [0, 0, 0, 0]
    assert deal.hearts_broken is False
    assert deal.queen_played is False
    assert deal.moon_shooter is None
