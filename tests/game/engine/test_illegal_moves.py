"""docs/rules.md: an illegal move shows the reason and changes nothing on the table."""

import pytest

from game.engine import IllegalMove, PassDirection
from tests.game.engine.builders import (
    ALL_SUITS_HANDS,
    TRICK_1,
    TRICK_2,
    VOID_IN_CLUBS_HANDS,
    card,
    cards,
    deal_with,
    play,
    play_out,
    snapshot,
)


def passing():
    deal = deal_with(ALL_SUITS_HANDS, PassDirection.LEFT)
    deal.submit_pass(0, cards("2H 3H 4S"))
    deal.submit_pass(2, cards("JC QC KC"))
    return deal


def playing(codes=""):
    return play(deal_with(ALL_SUITS_HANDS), codes)


def first_trick_void_in_clubs():
    return play(deal_with(VOID_IN_CLUBS_HANDS), "2C")


def finished():
    return play_out(deal_with(ALL_SUITS_HANDS))


CASES = [
    pytest.param(passing, lambda d: d.submit_pass(1, cards("7C 8C")), "bad_pass", id="pass-two"),
    pytest.param(
        passing, lambda d: d.submit_pass(1, cards("7C 8C 9C TC")), "bad_pass", id="pass-four"
    ),
    pytest.param(
        passing, lambda d: d.submit_pass(1, cards("7C 7C 8C")), "bad_pass", id="pass-duplicate"
    ),
    pytest.param(
        passing, lambda d: d.submit_pass(1, cards("7C 8C 2C")), "bad_pass", id="pass-not-in-hand"
    ),
    pytest.param(
        passing,
        lambda d: d.submit_pass(0, cards("2C 3C")),
        "bad_pass",
        id="pass-over-an-earlier-choice",
    ),
    pytest.param(
        passing, lambda d: d.submit_pass(4, cards("7C 8C 9C")), "bad_seat", id="pass-bad-seat"
    ),
    pytest.param(passing, lambda d: d.play(0, card("2C")), "wrong_phase", id="play-while-passing"),
    pytest.param(playing, lambda d: d.play(0, card("3C")), "must_lead_two_of_clubs", id="lead"),
    pytest.param(playing, lambda d: d.play(1, card("7C")), "not_your_turn", id="out-of-turn"),
    pytest.param(
        lambda: playing("2C"), lambda d: d.play(1, card("JC")), "card_not_in_hand", id="not-held"
    ),
    pytest.param(
        lambda: playing("2C"), lambda d: d.play(1, card("8D")), "must_follow_suit", id="follow"
    ),
    pytest.param(lambda: playing("2C"), lambda d: d.play(9, card("7C")), "bad_seat", id="seat"),
    pytest.param(
        first_trick_void_in_clubs,
        lambda d: d.play(1, card("QS")),
        "no_points_first_trick",
        id="queen-first-trick",
    ),
    pytest.param(
        first_trick_void_in_clubs,
        lambda d: d.play(1, card("2H")),
        "no_points_first_trick",
        id="heart-first-trick",
    ),
    pytest.param(
        lambda: playing(f"{TRICK_1} {TRICK_2}"),
        lambda d: d.play(2, card("7H")),
        "hearts_not_broken",
        id="heart-lead",
    ),
    pytest.param(
        lambda: playing("2C 7C"),
        lambda d: d.submit_pass(2, cards("JC QC KC")),
        "wrong_phase",
        id="pass-while-playing",
    ),
    pytest.param(finished, lambda d: d.play(0, card("2C")), "wrong_phase", id="play-when-over"),
    pytest.param(
        finished, lambda d: d.submit_pass(0, cards("2C 3C 4C")), "wrong_phase", id="pass-when-over"
    ),
]


@pytest.mark.parametrize(("arrange", "act", "code"), CASES)
def test_an_illegal_call_leaves_the_deal_exactly_as_it_was(arrange, act, code):
    deal = arrange()
    before = snapshot(deal)

    with pytest.raises(IllegalMove) as refused:
        act(deal)

    assert refused.value.code == code
    assert snapshot(deal) == before


def test_a_refused_card_can_be_followed_by_a_legal_one():
    deal = playing("2C")

    with pytest.raises(IllegalMove):
        deal.play(1, card("8D"))
    deal.play(1, card("7C"))

    assert list(deal.current_trick) == [(0, card("2C")), (1, card("7C"))]
    assert deal.turn == 2


def test_illegal_move_is_an_exception_with_a_code_and_a_message():
    deal = playing()

    with pytest.raises(Exception) as refused:
        deal.play(1, card("7C"))

    assert isinstance(refused.value, IllegalMove)
    assert refused.value.code == "not_your_turn"
    assert str(refused.value) == refused.value.message
