import pytest

from game.engine import Card, PassDirection
from tests.game.engine.builders import (
    ALL_SUITS_HANDS,
    SEATS,
    SPLIT_HANDS,
    TRICK_1,
    TRICK_2,
    TRICK_3,
    TRICK_4,
    assert_view_hides_other_hands,
    card,
    cards,
    deal_with,
    one_suit_hands,
    pass_all,
    play,
    played_cards,
)

CHOICES = {0: "2C 3C 4C", 1: "7C 8C 9C", 2: "JC QC KC", 3: "AC 2D 3D"}
NO_SUIT = frozenset()


def assert_partition(deal):
    for seat in SEATS:
        view = deal.view(seat)
        hand, played, unseen = set(view.hand), set(view.played), set(view.unseen)
        assert hand | played | unseen == set(Card.deck())
        assert len(hand) + len(played) + len(unseen) == 52
        assert played == played_cards(deal)


def test_a_view_matches_the_deal_for_its_seat():
    deal = play(deal_with(ALL_SUITS_HANDS, totals=[10, 20, 30, 40], target=100), "2C 7C")

    for seat in SEATS:
        view = deal.view(seat)
        assert view.seat == seat
        assert view.phase == "playing"
        assert view.direction is PassDirection.NONE
        assert view.turn == 2
        assert list(view.hand) == deal.hand(seat)
        assert list(view.legal) == deal.legal_cards(seat)
        assert list(view.current_trick) == [(0, card("2C")), (1, card("7C"))]
        assert list(view.points_taken) == [0, 0, 0, 0]
        assert view.hearts_broken is False
        assert view.queen_played is False
        assert list(view.totals) == [10, 20, 30, 40]
        assert view.target == 100


def test_a_view_is_frozen():
    view = deal_with(ALL_SUITS_HANDS).view(0)

    with pytest.raises((AttributeError, TypeError)):
        view.hand = []


def test_lead_suit_and_first_trick_follow_the_play():
    deal = deal_with(ALL_SUITS_HANDS)

    assert deal.view(0).lead_suit is None
    assert deal.view(0).is_first_trick is True
    play(deal, "2C 7C JC")
    assert deal.view(3).lead_suit == "C"
    assert deal.view(3).is_first_trick is True
    play(deal, "AC")
    assert deal.view(3).lead_suit is None
    assert deal.view(3).is_first_trick is False
    assert len(deal.view(3).tricks) == 1
    play(deal, "2D")
    assert deal.view(0).lead_suit == "D"


def test_markers_follow_hearts_and_the_queen():
    deal = play(deal_with(ALL_SUITS_HANDS), f"{TRICK_1} QS 2S 5S 8S")

    assert deal.view(0).queen_played is True
    assert deal.view(0).hearts_broken is False
    assert list(deal.view(0).points_taken) == [0, 0, 0, 13]


@pytest.mark.parametrize("direction", [PassDirection.LEFT, PassDirection.NONE])
def test_no_view_exposes_another_seats_unplayed_cards_during_the_play(direction):
    deal = deal_with(ALL_SUITS_HANDS, direction)
    if direction is PassDirection.LEFT:
        pass_all(deal, {0: "5C 6C 5D", 1: "8D 9D TD", 2: "JD QD KD", 3: "2D 3D 4D"})
    assert_view_hides_other_hands(deal)

    while deal.phase == "playing":
        deal.play(deal.turn, deal.legal_cards(deal.turn)[-1])
        assert_view_hides_other_hands(deal)
        assert_partition(deal)


def test_no_view_exposes_a_pass_before_the_exchange():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)
    assert_view_hides_other_hands(deal)

    pass_all(deal, {0: CHOICES[0], 2: CHOICES[2], 3: CHOICES[3]})

    assert_view_hides_other_hands(deal)
    assert deal.view(1).received is None
    assert not set(cards(CHOICES[0])) & set(deal.view(1).hand)
    assert_partition(deal)


def test_a_seat_knows_the_cards_it_passed_until_they_are_played():
    deal = pass_all(deal_with(ALL_SUITS_HANDS, PassDirection.LEFT), CHOICES)

    view = deal.view(0)

    assert list(view.passed) == cards("2C 3C 4C")
    assert list(view.received) == cards("AC 2D 3D")
    assert not set(cards("2C 3C 4C")) & set(view.hand)
    assert set(cards("2C 3C 4C")) <= set(view.unseen)
    assert list(deal.view(1).received) == cards("2C 3C 4C")
    assert_view_hides_other_hands(deal)

    deal.play(1, card("2C"))
    assert card("2C") in deal.view(0).played
    assert card("2C") not in deal.view(0).unseen


def test_played_and_unseen_partition_the_deck_with_the_hand():
    deal = deal_with(ALL_SUITS_HANDS)
    assert_partition(deal)
    assert set(deal.view(0).unseen) == set(Card.deck()) - set(cards(ALL_SUITS_HANDS[0]))

    play(deal, f"{TRICK_1} 2D 5D")

    assert_partition(deal)
    assert set(deal.view(2).played) == set(cards(f"{TRICK_1} 2D 5D"))


def test_no_void_is_shown_before_a_seat_fails_to_follow():
    deal = deal_with(one_suit_hands(0))

    for viewer in SEATS:
        voids = deal.view(viewer).voids
        assert len(voids) == 4
        for seat in SEATS:
            if seat != viewer:
                assert voids[seat] == NO_SUIT


def test_a_seat_that_did_not_follow_suit_shows_that_void():
    deal = play(deal_with(one_suit_hands(0)), "2C AD AH AS")

    for viewer in SEATS:
        voids = deal.view(viewer).voids
        for seat in SEATS:
            if seat == viewer:
                continue
            if seat == 0:
                assert voids[seat] == NO_SUIT
            else:
                assert "C" in voids[seat]
    assert deal.view(0).voids[1] == frozenset("C")
    assert deal.view(0).voids[3] == frozenset("C")


def test_voids_are_shown_to_every_seat_only_for_the_suits_not_followed():
    deal = play(deal_with(ALL_SUITS_HANDS), f"{TRICK_1} {TRICK_2} {TRICK_3}")

    for viewer in (0, 1, 2):
        assert tuple(deal.view(viewer).voids) == (NO_SUIT, NO_SUIT, NO_SUIT, frozenset("C"))


def test_a_void_shows_as_soon_as_the_card_is_on_the_table():
    deal = play(deal_with(ALL_SUITS_HANDS), f"{TRICK_1} {TRICK_2} KC TH")

    assert deal.view(0).voids[3] == frozenset("C")
    assert deal.view(1).voids[3] == frozenset("C")


def test_there_is_no_moon_threat_before_a_point_is_taken():
    deal = play(deal_with(ALL_SUITS_HANDS), TRICK_1)

    assert list(deal.points_taken) == [0, 0, 0, 0]
    assert all(deal.view(s).moon_threat is None for s in SEATS)


def test_a_seat_alone_with_every_point_taken_is_a_moon_threat():
    deal = play(deal_with(one_suit_hands(2)), "2C 2D 2H AS")

    assert list(deal.points_taken) == [0, 0, 1, 0]
    assert all(deal.view(s).moon_threat == 2 for s in SEATS)


def test_the_moon_threat_ends_when_a_second_seat_takes_a_point():
    deal = play(deal_with(SPLIT_HANDS), "2C AC 2H 2S")
    assert deal.view(0).moon_threat == 1

    play(deal, "2D 3H 3S AD")

    assert list(deal.points_taken) == [1, 1, 0, 0]
    assert all(deal.view(s).moon_threat is None for s in SEATS)


def test_the_moon_threat_follows_every_point_so_far():
    deal = play(deal_with(ALL_SUITS_HANDS), f"{TRICK_1} {TRICK_2} {TRICK_3}")
    assert deal.view(0).moon_threat == 2

    play(deal, TRICK_4)

    assert list(deal.points_taken) == [0, 0, 1, 4]
    assert deal.view(0).moon_threat is None
