"""« Facile » on hand-built positions: simple habits, no counting, and slips now and then."""

from __future__ import annotations

from collections import Counter

from game.bots import make_bot
from game.bots.levels.easy import SLIP_RATE
from game.engine import PassDirection
from tests.game.bots.helpers import recorded_deal
from tests.game.bots.positions import (
    DIAMOND_LED,
    DIAMONDS_TO_DUCK,
    FIRST_TRICK_TO_SEAT_1,
    LOW_SPADES_TO_LEAD,
    NINE_OF_DIAMONDS_AND_A_HEART,
    QUEEN_AND_NO_DIAMOND,
    view_of_seat_1,
)
from tests.game.engine.builders import card, cards, deal_with


def steady():
    """An Easy bot without its random slips, to see its habits."""
    return make_bot("easy", seed=1, slip_rate=0)


def test_it_passes_the_high_spades_and_high_hearts_first_then_its_highest_card():
    view = deal_with({0: "QS 2S 3S AH 2H 5H KD 3D 4D 2C 3C 4C 5C"}, PassDirection.LEFT).view(0)

    assert set(steady().choose_pass(view)) == set(cards("QS AH KD"))


def test_it_dumps_the_queen_of_spades_when_void():
    view = view_of_seat_1(QUEEN_AND_NO_DIAMOND, DIAMOND_LED)

    assert steady().choose_play(view) == card("QS")


def test_it_follows_with_its_lowest_card_when_that_loses():
    view = view_of_seat_1(DIAMONDS_TO_DUCK, NINE_OF_DIAMONDS_AND_A_HEART)

    assert steady().choose_play(view) == card("3D")


def test_it_leads_its_lowest_card():
    view = view_of_seat_1(LOW_SPADES_TO_LEAD, FIRST_TRICK_TO_SEAT_1)

    assert steady().choose_play(view) == card("2S")


def test_it_slips_now_and_then_but_keeps_its_habits_most_of_the_time():
    view = view_of_seat_1(DIAMONDS_TO_DUCK, NINE_OF_DIAMONDS_AND_A_HEART)

    choices = Counter(make_bot("easy", seed=seed).choose_play(view) for seed in range(400))

    assert len(choices) > 1
    assert choices[card("3D")] / 400 > 1 - SLIP_RATE - 0.05


def test_it_does_not_shoot_the_moon_on_purpose():
    takers = Counter()
    for number in range(40):
        deal, _ = recorded_deal(["easy"] * 4, number)
        takers[max(deal.points_taken)] += 1

    assert takers[26] <= 2
