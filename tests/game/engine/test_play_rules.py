import pytest

from game.engine import IllegalMove, PassDirection
from tests.game.engine.builders import (
    ALL_SUITS_HANDS,
    SEATS,
    TRICK_1,
    TRICK_2,
    TRICK_3,
    TRICK_4,
    VOID_IN_CLUBS_HANDS,
    card,
    cards,
    deal_with,
    one_suit_hands,
    play,
    play_out,
    snapshot,
    suit,
)

FOLLOW_CLUBS = "Vous devez fournir à trèfle"
NO_POINTS_FIRST_TRICK = "Pas de cartes à points au premier pli"
HEARTS_CLOSED = "Les cœurs ne sont pas encore ouverts"


def all_suits_deal(*tricks: str):
    return play(deal_with(ALL_SUITS_HANDS), " ".join(tricks))


def refusal(deal, seat, code):
    with pytest.raises(IllegalMove) as refused:
        deal.play(seat, card(code))
    return refused.value


# --- the first lead -------------------------------------------------------------------


def test_the_holder_of_the_two_of_clubs_must_lead_it():
    deal = all_suits_deal()

    for other in ("3C", "2S", "2H", "5D"):
        assert refusal(deal, 0, other).code == "must_lead_two_of_clubs"
    assert deal.legal_cards(0) == [card("2C")]
    deal.play(0, card("2C"))
    assert list(deal.current_trick) == [(0, card("2C"))]


def test_the_queen_of_spades_may_not_be_the_first_lead():
    deal = deal_with({0: "2C QS"})

    assert refusal(deal, 0, "QS").code == "must_lead_two_of_clubs"


# --- turn and hand --------------------------------------------------------------------


def test_a_seat_may_not_play_out_of_turn():
    deal = all_suits_deal()

    assert refusal(deal, 1, "7C").code == "not_your_turn"
    deal.play(0, card("2C"))
    assert refusal(deal, 2, "JC").code == "not_your_turn"
    assert refusal(deal, 0, "3C").code == "not_your_turn"


def test_play_goes_clockwise_from_the_leader():
    deal = all_suits_deal()
    turns = []
    for code in TRICK_1.split():
        turns.append(deal.turn)
        deal.play(deal.turn, card(code))

    assert turns == [0, 1, 2, 3]


def test_a_card_not_in_hand_is_refused():
    deal = all_suits_deal("2C")

    assert refusal(deal, 1, "JC").code == "card_not_in_hand"
    assert refusal(deal, 1, "2C").code == "card_not_in_hand"


def test_a_seat_that_does_not_exist_may_not_play():
    deal = all_suits_deal()

    for seat in (4, -1):
        assert refusal(deal, seat, "2C").code == "bad_seat"


def test_legal_cards_are_empty_when_it_is_not_that_seats_turn():
    deal = all_suits_deal("2C")

    assert deal.legal_cards(1) == cards("7C 8C 9C TC")
    for seat in (0, 2, 3):
        assert deal.legal_cards(seat) == []


def test_nothing_may_be_played_once_the_deal_is_finished():
    deal = play_out(all_suits_deal())

    assert deal.turn is None
    assert all(deal.legal_cards(s) == [] for s in SEATS)
    assert refusal(deal, 0, "2C").code == "wrong_phase"


# --- following suit -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "seat", "bad_card", "message"),
    [
        pytest.param("2C", 1, "8D", "Vous devez fournir à trèfle", id="clubs"),
        pytest.param(f"{TRICK_1} 2D", 0, "2S", "Vous devez fournir à carreau", id="diamonds"),
        pytest.param(
            f"{TRICK_1} {TRICK_2} {TRICK_3} 7H", 3, "JS", "Vous devez fournir à cœur", id="hearts"
        ),
        pytest.param(
            f"{TRICK_1} {TRICK_2} {TRICK_3} {TRICK_4} KS",
            0,
            "4C",
            "Vous devez fournir à pique",
            id="spades",
        ),
    ],
)
def test_a_seat_holding_the_suit_led_must_follow_it(tricks, seat, bad_card, message):
    deal = all_suits_deal(tricks)

    refused = refusal(deal, seat, bad_card)

    assert refused.code == "must_follow_suit"
    assert refused.message == message
    assert str(refused) == message
    led = deal.current_trick[0][1].suit
    assert deal.legal_cards(seat) == [c for c in deal.hand(seat) if c.suit == led]


def test_a_seat_void_in_the_suit_led_may_discard_anything_after_the_first_trick():
    deal = all_suits_deal(TRICK_1, TRICK_2, "KC")

    assert deal.turn == 3
    assert deal.legal_cards(3) == deal.hand(3)
    assert card("QS") in deal.legal_cards(3)
    assert card("TH") in deal.legal_cards(3)


# --- the first trick ------------------------------------------------------------------


@pytest.mark.parametrize("point_card", ["2H", "5H", "QS"])
def test_no_points_on_the_first_trick_when_void_in_clubs(point_card):
    deal = play(deal_with(VOID_IN_CLUBS_HANDS), "2C")

    refused = refusal(deal, 1, point_card)

    assert refused.code == "no_points_first_trick"
    assert refused.message == NO_POINTS_FIRST_TRICK
    assert deal.legal_cards(1) == cards("2D 3D 4D 5D 6D 7D 2S 3S")


def test_a_heart_is_refused_on_the_first_trick_beside_safe_spades():
    deal = play(deal_with(VOID_IN_CLUBS_HANDS), "2C 2D 8D")

    assert refusal(deal, 3, "QH").code == "no_points_first_trick"
    assert deal.legal_cards(3) == cards("4S 5S 6S 7S 8S 9S TS JS KS AS")


def test_a_hand_of_only_hearts_may_play_any_heart_on_the_first_trick():
    hands = {0: suit("C"), 1: suit("H"), 2: suit("D"), 3: suit("S")}
    deal = play(deal_with(hands), "2C")

    assert deal.legal_cards(1) == cards(suit("H"))
    assert deal.check_play(1, card("AH")) is None
    deal.play(1, card("AH"))
    assert deal.turn == 2


HEARTS_AND_QUEEN_HANDS = {
    0: suit("C"),
    1: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS",
    2: suit("D"),
    3: "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
}


@pytest.mark.parametrize("point_card", ["QS", "2H", "KH"])
def test_a_hand_of_only_hearts_and_the_queen_may_play_any_of_them_on_the_first_trick(
    point_card,
):
    deal = play(deal_with(HEARTS_AND_QUEEN_HANDS), "2C")

    assert deal.legal_cards(1) == deal.hand(1)
    assert len(deal.legal_cards(1)) == 13
    deal.play(1, card(point_card))
    assert (1, card(point_card)) in list(deal.current_trick)


def test_a_single_heart_beside_safe_cards_is_still_refused_on_the_first_trick():
    deal = play(deal_with(HEARTS_AND_QUEEN_HANDS), "2C QS 2D")

    assert refusal(deal, 3, "AH").code == "no_points_first_trick"
    assert deal.legal_cards(3) == cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")


def test_one_safe_card_among_hearts_must_be_played_on_the_first_trick():
    hands = {
        0: suit("C"),
        1: "2D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        2: "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD AH",
        3: suit("S"),
    }
    deal = play(deal_with(hands), "2C")

    assert deal.legal_cards(1) == [card("2D")]
    assert refusal(deal, 1, "2H").code == "no_points_first_trick"


def test_the_queen_of_spades_beside_hearts_and_a_safe_spade_is_refused_on_the_first_trick():
    hands = {
        0: suit("C"),
        1: "KS QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        2: suit("D"),
        3: "2H AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS AS",
    }
    deal = play(deal_with(hands), "2C")

    assert deal.legal_cards(1) == [card("KS")]
    assert refusal(deal, 1, "QS").code == "no_points_first_trick"


# --- hearts ---------------------------------------------------------------------------


def test_a_heart_may_not_be_led_while_hearts_are_closed():
    deal = all_suits_deal(TRICK_1, TRICK_2)

    refused = refusal(deal, 2, "7H")

    assert refused.code == "hearts_not_broken"
    assert refused.message == HEARTS_CLOSED
    assert deal.hearts_broken is False
    assert deal.legal_cards(2) == [c for c in deal.hand(2) if c.suit != "H"]


def test_a_heart_discarded_opens_hearts_from_the_next_trick():
    deal = all_suits_deal(TRICK_1, TRICK_2, TRICK_3)

    assert deal.hearts_broken is True
    assert deal.turn == 2
    assert deal.check_play(2, card("7H")) is None
    assert set(cards("7H 8H 9H")) <= set(deal.legal_cards(2))
    deal.play(2, card("7H"))


def test_hearts_may_be_led_while_closed_by_a_hand_holding_only_hearts():
    hands = {0: "2C", 1: "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", 2: "3C AH", 3: "4C"}
    deal = play(deal_with(hands), "2C AC 3C 4C")

    assert deal.turn == 1
    assert deal.hearts_broken is False
    assert deal.legal_cards(1) == deal.hand(1)
    deal.play(1, card("2H"))
    play(deal, "AH 3S 5C")
    assert deal.hearts_broken is True


@pytest.mark.parametrize(
    "tricks",
    [
        pytest.param(f"{TRICK_1} QS 2S 5S 8S", id="queen-led"),
        pytest.param(f"{TRICK_1} {TRICK_2} KC QS 3C 8C", id="queen-discarded"),
    ],
)
def test_queen_of_spades_does_not_break_hearts(tricks):
    deal = all_suits_deal(tricks)
    leader = deal.turn

    assert deal.queen_played is True
    assert deal.hearts_broken is False
    heart = next(c for c in deal.hand(leader) if c.suit == "H")
    assert refusal(deal, leader, heart.code).code == "hearts_not_broken"


def test_the_queen_of_spades_may_be_led_while_hearts_are_closed():
    deal = all_suits_deal(TRICK_1)

    assert deal.turn == 3
    assert deal.hearts_broken is False
    assert deal.check_play(3, card("QS")) is None
    assert deal.legal_cards(3) == cards("2D 3D 4D JS QS KS AS")
    deal.play(3, card("QS"))


# --- tricks ---------------------------------------------------------------------------


def test_the_highest_card_of_the_suit_led_wins_and_its_winner_leads_next():
    deal = all_suits_deal(TRICK_1)

    trick = deal.tricks[0]
    assert trick.leader == 0
    assert tuple(trick.plays) == (
        (0, card("2C")),
        (1, card("7C")),
        (2, card("JC")),
        (3, card("AC")),
    )
    assert set(trick.cards) == set(cards(TRICK_1))
    assert trick.winner == 3
    assert trick.points == 0
    assert deal.turn == 3
    assert list(deal.current_trick) == []

    play(deal, TRICK_2)
    assert deal.tricks[1].leader == 3
    assert deal.tricks[1].winner == 2
    assert deal.turn == 2


def test_a_card_of_another_suit_never_wins_the_trick():
    deal = play(deal_with(one_suit_hands(0)), "2C AD AH AS")

    assert deal.tricks[0].winner == 0
    assert deal.turn == 0


def test_a_discarded_heart_does_not_win_a_trick():
    deal = all_suits_deal(TRICK_1, TRICK_2, TRICK_3)

    assert deal.tricks[2].winner == 2
    assert deal.tricks[2].points == 1


# --- check_play -----------------------------------------------------------------------


def test_check_play_returns_the_reason_without_raising_or_changing_anything():
    deal = all_suits_deal("2C")
    before = snapshot(deal)

    reason = deal.check_play(1, card("8D"))

    assert isinstance(reason, IllegalMove)
    assert reason.code == "must_follow_suit"
    assert reason.message == FOLLOW_CLUBS
    assert deal.check_play(1, card("7C")) is None
    assert deal.check_play(2, card("JC")).code == "not_your_turn"
    assert deal.check_play(1, card("JC")).code == "card_not_in_hand"
    assert snapshot(deal) == before


def test_check_play_during_passing_reports_the_wrong_phase():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)

    assert deal.check_play(0, card("2C")).code == "wrong_phase"


def other_refusals():
    passing = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)
    fresh = all_suits_deal()
    after_lead = all_suits_deal("2C")
    return {
        "not_your_turn": fresh.check_play(1, card("7C")),
        "card_not_in_hand": after_lead.check_play(1, card("JC")),
        "must_lead_two_of_clubs": fresh.check_play(0, card("3C")),
        "wrong_phase": passing.check_play(0, card("2C")),
        "bad_seat": fresh.check_play(7, card("2C")),
    }


@pytest.mark.parametrize(
    "code",
    ["not_your_turn", "card_not_in_hand", "must_lead_two_of_clubs", "wrong_phase", "bad_seat"],
)
def test_every_other_refusal_carries_its_own_french_sentence(code):
    reason = other_refusals()[code]

    assert reason.code == code
    assert isinstance(reason.message, str)
    assert len(reason.message) > 10
    assert str(reason) == reason.message
    assert reason.message not in (FOLLOW_CLUBS, NO_POINTS_FIRST_TRICK, HEARTS_CLOSED)
