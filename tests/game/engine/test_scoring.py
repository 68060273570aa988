import pytest

from game.engine import Card, Deal, IllegalMove, PassDirection, deal_hands
from tests.game.engine.builders import (
    ALL_SUITS_HANDS,
    SEATS,
    SPLIT_HANDS,
    TRICK_1,
    TRICK_2,
    TRICK_3,
    TRICK_4,
    deal_with,
    one_suit_hands,
    play,
    play_out,
)


def test_a_trick_is_worth_one_point_per_heart_and_thirteen_for_the_queen():
    deal = play(deal_with(one_suit_hands(0)), "2C AD AH AS 3C KD KH QS")

    assert deal.tricks[0].points == 1
    assert deal.tricks[1].points == 14
    assert list(deal.points_taken) == [15, 0, 0, 0]


def test_points_go_to_the_winner_of_each_trick():
    deal = play(deal_with(ALL_SUITS_HANDS), f"{TRICK_1} {TRICK_2} {TRICK_3} {TRICK_4}")

    assert list(deal.points_taken) == [0, 0, 1, 4]


def test_a_deal_ends_after_thirteen_tricks_with_26_points_taken():
    deal = play_out(deal_with(SPLIT_HANDS))

    assert deal.phase == "finished"
    assert len(deal.tricks) == 13
    assert all(deal.hand(s) == [] for s in SEATS)
    assert list(deal.points_taken) == [25, 1, 0, 0]
    assert sum(deal.points_taken) == 26


def test_without_a_moon_each_seat_scores_the_points_it_took():
    deal = play_out(deal_with(SPLIT_HANDS))

    assert deal.moon_shooter is None
    assert list(deal.scores()) == [25, 1, 0, 0]


@pytest.mark.parametrize("shooter", SEATS)
def test_shooting_the_moon_scores_zero_for_the_shooter_and_26_for_each_other(shooter):
    deal = play_out(deal_with(one_suit_hands(shooter)))

    assert deal.points_taken[shooter] == 26
    assert deal.moon_shooter == shooter
    expected = [26, 26, 26, 26]
    expected[shooter] = 0
    assert list(deal.scores()) == expected


def test_taking_every_heart_without_the_queen_is_not_a_moon():
    # Lowest-card play: seat 3 takes all 13 hearts, then leads Q♠ into seat 1's A♠.
    hands = {
        0: "5C 6C JC KC 5D 8D 2H 3H 6H 4S 5S 6S JS",
        1: "2C 4C TC 2D 4D TD 5H TH KH 2S 8S 9S AS",
        2: "8C QC AC 3D 6D 4H 7H 9H JH 3S 7S TS KS",
        3: "3C 7C 9C 7D 9D JD QD KD AD 8H QH AH QS",
    }

    deal = play_out(deal_with(hands))

    hearts_to_three = [c for t in deal.tricks if t.winner == 3 for _, c in t.plays if c.suit == "H"]
    assert len(hearts_to_three) == 13
    assert deal.tricks[-1].winner == 1
    assert list(deal.points_taken) == [0, 13, 0, 13]
    assert deal.moon_shooter is None
    assert list(deal.scores()) == [0, 13, 0, 13]


@pytest.mark.parametrize("direction", [PassDirection.LEFT, PassDirection.NONE])
def test_scores_are_refused_before_the_deal_is_finished(direction):
    deal = deal_with(ALL_SUITS_HANDS, direction)

    with pytest.raises(IllegalMove) as refused:
        deal.scores()

    assert refused.value.code == "wrong_phase"


def test_scores_are_refused_on_the_last_trick_before_its_last_card():
    deal = deal_with(SPLIT_HANDS)
    for _ in range(51):
        deal.play(deal.turn, deal.legal_cards(deal.turn)[0])

    assert deal.phase == "playing"
    assert deal.moon_shooter is None
    with pytest.raises(IllegalMove) as refused:
        deal.scores()
    assert refused.value.code == "wrong_phase"


def test_queen_taker_is_the_winner_of_the_trick_holding_the_queen_of_spades():
    deal = Deal.start(deal_hands(11), PassDirection.NONE)
    assert deal.queen_taker is None
    while deal.turn is not None:
        deal.play(deal.turn, deal.legal_cards(deal.turn)[0])
    queen_trick = next(t for t in deal.tricks if Card.from_code("QS") in t.cards)
    assert deal.queen_taker == queen_trick.winner
    assert deal.points_taken[deal.queen_taker] >= 13
