"""« Normal » on hand-built positions: the habits of a sound player."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.engine import Card, PassDirection
from measuring.arena import play_deal
from tests.game.bots.positions import (
    DIAMOND_LED,
    DIAMONDS_TO_DUCK,
    FIRST_TRICK_TO_SEAT_1,
    HEARTS_AND_NO_DIAMOND,
    LOW_SPADES_TO_LEAD,
    MOON_HAND,
    NINE_OF_DIAMONDS_AND_A_HEART,
    NINE_OF_DIAMONDS_CLEAN,
    QUEEN_AND_NO_DIAMOND,
    RUNNING_FOR_THE_MOON,
    SEAT_3_TAKES_SIXTEEN,
    view_of_seat_1,
)
from tests.game.engine.builders import card, cards, deal_with


def normal():
    return make_bot("normal", seed=1)


def passes_of(hand: str) -> set[Card]:
    return set(normal().choose_pass(deal_with({0: hand}, PassDirection.LEFT).view(0)))


def test_it_dumps_the_queen_of_spades_when_void_in_the_suit_led():
    view = view_of_seat_1(QUEEN_AND_NO_DIAMOND, DIAMOND_LED)

    assert normal().choose_play(view) == card("QS")


def test_without_the_queen_it_dumps_its_highest_heart_when_void():
    view = view_of_seat_1(HEARTS_AND_NO_DIAMOND, DIAMOND_LED)

    assert normal().choose_play(view) == card("QH")


def test_it_ducks_under_the_winning_card_with_its_highest_card_that_still_loses():
    view = view_of_seat_1(DIAMONDS_TO_DUCK, NINE_OF_DIAMONDS_AND_A_HEART)

    assert normal().choose_play(view) == card("8D")


def test_last_to_a_clean_trick_it_wins_with_its_highest_card():
    view = view_of_seat_1(DIAMONDS_TO_DUCK, NINE_OF_DIAMONDS_CLEAN)

    assert normal().choose_play(view) == card("KD")


def test_it_leads_a_low_spade_to_flush_out_the_queen_it_cannot_be_caught_with():
    view = view_of_seat_1(LOW_SPADES_TO_LEAD, FIRST_TRICK_TO_SEAT_1)

    chosen = normal().choose_play(view)

    assert chosen.suit == "S"
    assert chosen.rank_index < card("QS").rank_index


def test_it_takes_a_point_trick_to_stop_a_moon():
    view = view_of_seat_1(RUNNING_FOR_THE_MOON, SEAT_3_TAKES_SIXTEEN)
    assert view.moon_threat == 3

    chosen = normal().choose_play(view)

    assert chosen in cards("TH KH")


@pytest.mark.parametrize(
    "hand",
    [
        "2C 5C 9C KC 3D 7D JD 4H 8H TH 2H 3H QS",
        "2C 5C 9C KC 3D 7D JD 4H 8H TH QS 3S 9S",
        "2C 5C 9C KC 3D 7D JD 8H TH QS 2S 3S 9S",
    ],
    ids=["alone", "two-low-spades", "three-low-spades"],
)
def test_it_passes_the_queen_of_spades_when_short_in_spades(hand):
    assert card("QS") in passes_of(hand)


def test_it_keeps_the_queen_of_spades_behind_four_low_spades():
    assert card("QS") not in passes_of("2C 5C 9C KC 3D 7D JD 8H QS 2S 3S 4S 5S")


def test_it_passes_the_ace_and_king_of_spades_when_short_in_spades():
    assert set(cards("AS KS")) <= passes_of("AS KS 2S 2C 5C 9C 3D 7D JD 4D 2H 3H 4H")


def test_it_passes_a_singleton_to_make_a_void():
    assert card("5D") in passes_of("5D 2C 3C 4C 5C 6C 7C 2H 3H 4H 5S 6S 7S")


def test_with_an_overwhelming_hand_it_keeps_its_top_hearts_and_spades_in_the_pass():
    passed = passes_of(MOON_HAND)

    assert not passed & set(cards("AH KH QH JH TH AS KS QS"))


@pytest.mark.parametrize("seed", range(2))
def test_with_an_overwhelming_hand_it_shoots_the_moon(seed):
    hands = [deal_with({0: MOON_HAND}).hand(seat) for seat in range(4)]
    bots = [make_bot("normal", seed=seed)]
    bots += [make_bot("easy", seed=seed * 4 + seat, slip_rate=0) for seat in (1, 2, 3)]

    deal, _ = play_deal(bots, hands, PassDirection.NONE)

    assert deal.moon_shooter == 0
    assert deal.scores() == [0, 26, 26, 26]
