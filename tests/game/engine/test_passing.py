import pytest

from game.engine import IllegalMove, PassDirection
from tests.game.engine.builders import (
    ALL_SUITS_HANDS as HANDS,
    SEATS,
    card,
    cards,
    deal_with,
    pass_all,
    snapshot,
)

CHOICES = {0: "2C 3C 4C", 1: "7C 8C 9C", 2: "JC QC KC", 3: "AC 2D 3D"}
PASSING_DIRECTIONS = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS]


@pytest.mark.parametrize("direction", PASSING_DIRECTIONS)
def test_a_passing_hand_starts_in_the_passing_phase_with_nobody_to_play(direction):
    deal = deal_with(HANDS, direction)

    assert deal.phase == "passing"
    assert deal.direction is direction
    assert deal.turn is None
    assert all(deal.legal_cards(s) == [] for s in SEATS)
    assert not any(deal.pass_submitted(s) for s in SEATS)
    assert all(deal.received(s) is None for s in SEATS)


@pytest.mark.parametrize("direction", PASSING_DIRECTIONS)
def test_each_seat_receives_the_three_cards_its_giver_passed(direction):
    deal = deal_with(HANDS, direction)

    pass_all(deal, CHOICES)

    assert deal.phase == "playing"
    for giver in SEATS:
        receiver = direction.receiver(giver)
        assert deal.passed(giver) == sorted(cards(CHOICES[giver]))
        assert deal.received(receiver) == sorted(cards(CHOICES[giver]))
    for seat in SEATS:
        kept = set(cards(HANDS[seat])) - set(deal.passed(seat))
        assert deal.hand(seat) == sorted(kept | set(deal.received(seat)))


def test_passing_left_sends_the_human_cards_to_seat_one():
    deal = pass_all(deal_with(HANDS, PassDirection.LEFT), CHOICES)

    assert deal.received(1) == cards("2C 3C 4C")
    assert deal.received(0) == cards("AC 2D 3D")


def test_passing_right_sends_the_human_cards_to_seat_three():
    deal = pass_all(deal_with(HANDS, PassDirection.RIGHT), CHOICES)

    assert deal.received(3) == cards("2C 3C 4C")
    assert deal.received(0) == cards("7C 8C 9C")


def test_passing_across_sends_the_human_cards_to_seat_two():
    deal = pass_all(deal_with(HANDS, PassDirection.ACROSS), CHOICES)

    assert deal.received(2) == cards("2C 3C 4C")
    assert deal.received(0) == cards("JC QC KC")


def test_a_hand_without_pass_starts_playing_and_refuses_a_pass():
    deal = deal_with(HANDS, PassDirection.NONE)

    assert deal.phase == "playing"
    assert deal.turn == 0
    with pytest.raises(IllegalMove) as refused:
        deal.submit_pass(0, cards("2C 3C 4C"))
    assert refused.value.code == "wrong_phase"
    assert deal.hand(0) == sorted(cards(HANDS[0]))


@pytest.mark.parametrize("direction", PASSING_DIRECTIONS)
def test_nothing_is_exchanged_until_all_four_have_chosen(direction):
    deal = deal_with(HANDS, direction)

    pass_all(deal, {0: CHOICES[0], 1: CHOICES[1], 3: CHOICES[3]})

    assert deal.phase == "passing"
    assert deal.turn is None
    assert [deal.pass_submitted(s) for s in SEATS] == [True, True, False, True]
    assert [deal.hand(s) for s in SEATS] == [sorted(cards(HANDS[s])) for s in SEATS]
    assert all(deal.received(s) is None for s in SEATS)
    assert all(deal.view(s).received is None for s in SEATS)
    with pytest.raises(IllegalMove) as refused:
        deal.play(0, card("2C"))
    assert refused.value.code == "wrong_phase"


def test_a_pass_resubmitted_before_the_exchange_replaces_the_first_choice():
    deal = deal_with(HANDS, PassDirection.LEFT)
    deal.submit_pass(0, cards("2C 3C 4C"))
    deal.submit_pass(0, cards("2H 3H 4S"))

    pass_all(deal, {1: CHOICES[1], 2: CHOICES[2], 3: CHOICES[3]})

    assert deal.passed(0) == cards("2H 3H 4S")
    assert deal.received(1) == cards("2H 3H 4S")
    assert set(cards("2C 3C 4C")) <= set(deal.hand(0))
    assert not set(cards("2H 3H 4S")) & set(deal.hand(0))


def test_the_pass_is_final_once_all_four_have_chosen():
    deal = pass_all(deal_with(HANDS, PassDirection.LEFT), CHOICES)

    with pytest.raises(IllegalMove) as refused:
        deal.submit_pass(0, cards("5C 6C 5D"))

    assert refused.value.code == "wrong_phase"
    assert deal.passed(0) == cards("2C 3C 4C")


@pytest.mark.parametrize(
    "choice",
    [
        pytest.param("2C 3C", id="two-cards"),
        pytest.param("2C 3C 4C 5C", id="four-cards"),
        pytest.param("2C 2C 3C", id="duplicate"),
        pytest.param("2C 3C 7C", id="card-not-in-hand"),
        pytest.param("", id="no-cards"),
    ],
)
def test_a_pass_that_is_not_three_distinct_cards_of_the_hand_is_refused(choice):
    deal = deal_with(HANDS, PassDirection.LEFT)
    before = snapshot(deal)

    with pytest.raises(IllegalMove) as refused:
        deal.submit_pass(0, cards(choice))

    assert refused.value.code == "bad_pass"
    assert deal.pass_submitted(0) is False
    assert snapshot(deal) == before


def test_a_refused_resubmission_keeps_the_earlier_choice():
    deal = deal_with(HANDS, PassDirection.LEFT)
    deal.submit_pass(0, cards("2H 3H 4S"))

    with pytest.raises(IllegalMove):
        deal.submit_pass(0, cards("2C 3C"))
    pass_all(deal, {1: CHOICES[1], 2: CHOICES[2], 3: CHOICES[3]})

    assert deal.received(1) == cards("2H 3H 4S")


def test_a_pass_for_a_seat_that_does_not_exist_is_refused():
    deal = deal_with(HANDS, PassDirection.LEFT)

    with pytest.raises(IllegalMove) as refused:
        deal.submit_pass(4, cards("2C 3C 4C"))

    assert refused.value.code == "bad_seat"


def test_each_seat_sees_what_it_passed_and_what_it_received():
    deal = pass_all(deal_with(HANDS, PassDirection.LEFT), CHOICES)

    view = deal.view(0)

    assert list(view.passed) == cards("2C 3C 4C")
    assert list(view.received) == cards("AC 2D 3D")
    assert list(deal.view(1).received) == cards("2C 3C 4C")
    assert list(deal.view(1).passed) == cards("7C 8C 9C")


def test_the_holder_of_the_two_of_clubs_after_the_exchange_leads():
    deal = pass_all(deal_with(HANDS, PassDirection.LEFT), CHOICES)

    assert deal.turn == 1
    assert deal.legal_cards(1) == [card("2C")]
    assert deal.legal_cards(0) == []
    deal.play(1, card("2C"))
    assert deal.turn == 2


def test_the_two_of_clubs_passed_across_moves_the_lead_across():
    deal = pass_all(deal_with(HANDS, PassDirection.ACROSS), CHOICES)

    assert deal.turn == 2
