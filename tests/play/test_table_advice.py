"""The one-line reasons of the training mode and Indice (play/advice.py)."""

from __future__ import annotations

from game.engine import Card, Deal, PassDirection, PlayerView
from play.advice import pass_reason, play_reason
from tests.visits import ALL_SUITS_HANDS

# The human (seat 0) holds no diamond but the Q♠.
QUEEN_WITHOUT_DIAMONDS = {
    0: "2C 3C 4C 5C 6C 7C 8C 9C TC QS 2H 3H 4H",
    1: "JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD",
    2: "JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    3: "JS KS AS 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def human_view(plays: str = "", hands=ALL_SUITS_HANDS) -> PlayerView:
    deal = Deal.start([hands[seat].split() for seat in range(4)], PassDirection.NONE)
    for code in plays.split():
        deal.play(deal.turn, code)
    return deal.view(0)


def card(code: str) -> Card:
    return Card.from_code(code)


def test_the_two_of_clubs_opens_the_first_trick():
    assert play_reason(human_view(), card("2C")) == "Le ♣2 ouvre toujours le premier pli."


def test_ducking_names_the_card_winning_the_trick():
    view = human_view("2C 7C JC AC 2D 5D 8D AD KC TH")

    assert play_reason(view, card("3C")) == (
        "Vous jouez une carte plus basse que le ♣K : ce pli ne sera pas pour vous."
    )


def test_a_discard_names_the_missing_suit():
    view = human_view("2C AC JD JS 2D QD KS", hands=QUEEN_WITHOUT_DIAMONDS)

    reason = play_reason(view, card("QS"))

    assert reason == "Défaussez la ♠Q : vous n’avez plus de carreau."


def test_a_pass_with_the_queen_says_it_is_not_guarded():
    view = human_view(hands=QUEEN_WITHOUT_DIAMONDS)

    reason = pass_reason(view, [card("QS"), card("TC"), card("9C")])

    assert reason == (
        "Passez la ♠Q : sans assez de petits piques pour la garder, elle risque de vous "
        "coûter 13 points."
    )


def test_a_pass_that_empties_a_side_suit_makes_a_void():
    view = human_view(hands=ALL_SUITS_HANDS)

    reason = pass_reason(view, [card("5D"), card("6D"), card("7D")])

    assert reason == (
        "Donnez toutes vos cartes à carreau : quand on en demandera, vous pourrez vous défausser."
    )
