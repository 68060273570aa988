"""A position is a value: moving a deal on with `after_play` / `after_pass` (or a copy)
leaves the original as it was; a replay is one pass; a deal resumes from a view in any
world of the cards that view cannot see."""

from __future__ import annotations

import random

import pytest

from game.engine import Card, Deal, Move, PassDirection, Phase, deal_hands, replay, replay_steps
from tests.game.engine.builders import (
    ALL_SUITS_HANDS,
    SPLIT_HANDS,
    TRICK_1,
    TRICK_2,
    TRICK_3,
    card,
    cards,
    deal_with,
    pass_all,
    play,
    play_out,
    snapshot,
)


def test_after_play_gives_a_new_deal_and_leaves_the_first_as_it_was():
    deal = play(deal_with(ALL_SUITS_HANDS), TRICK_1 + " 2D")
    before = snapshot(deal)

    later = deal.after_play(deal.turn, card("5D"))

    assert snapshot(deal) == before
    assert later.current_trick[-1] == (0, card("5D"))
    assert card("5D") not in later.hand(0) and card("5D") in deal.hand(0)


def test_after_pass_gives_a_new_deal_and_leaves_the_first_as_it_was():
    deal = pass_all(
        deal_with(SPLIT_HANDS, PassDirection.LEFT),
        {0: "QC KC AD", 1: "AC KD QD", 2: "AH KH QH"},
    )
    before = snapshot(deal)

    exchanged = deal.after_pass(3, cards("AS KS QS"))

    assert snapshot(deal) == before and deal.phase == Phase.PASSING
    assert exchanged.phase == Phase.PLAYING
    assert exchanged.received(0) == sorted(cards("AS KS QS"))


def test_a_copy_moves_on_alone():
    deal = play(deal_with(ALL_SUITS_HANDS), TRICK_1)
    twin = deal.copy()

    play(twin, TRICK_2)

    assert len(deal.tricks) == 1 and len(twin.tricks) == 2
    assert snapshot(deal.copy()) == snapshot(deal)


def test_a_refused_after_play_raises_and_changes_nothing():
    deal = play(deal_with(ALL_SUITS_HANDS), "2C")
    before = snapshot(deal)

    with pytest.raises(Exception, match="fournir"):
        deal.after_play(1, card("8D"))

    assert snapshot(deal) == before


def test_move_applied_to_is_the_value_form_of_apply():
    deal = deal_with(ALL_SUITS_HANDS)
    move = Move.playing(0, "2C")

    later = move.applied_to(deal)

    assert deal.current_trick == [] and later.current_trick == [(0, card("2C"))]


def test_replay_steps_gives_every_position_once_each_its_own_deal():
    hands = deal_hands(random.Random(3))
    deal = Deal.start(hands, PassDirection.NONE)
    moves = []
    while deal.phase == Phase.PLAYING:
        seat = deal.turn
        move = Move.playing(seat, deal.legal_cards(seat)[0])
        move.apply(deal)
        moves.append(move)

    steps = list(replay_steps(hands, PassDirection.NONE, moves))

    assert len(steps) == 53
    for count, step in enumerate(steps):
        assert snapshot(step) == snapshot(replay(hands, PassDirection.NONE, moves[:count]))
    assert len({id(step) for step in steps}) == 53


def test_a_deal_resumes_from_a_view_in_another_world_of_the_unseen_cards():
    deal = play(deal_with(ALL_SUITS_HANDS), TRICK_1 + " " + TRICK_2 + " " + TRICK_3 + " 7H")
    view = deal.view(0)
    # Seats 1 and 2 swap their unseen diamonds for clubs they have not shown: a world the
    # player cannot tell apart from the true one.
    hands = [list(deal.hand(seat)) for seat in range(4)]
    hands[1] = [c for c in hands[1] if c != card("9D")] + [card("QC")]
    hands[2] = [c for c in hands[2] if c != card("QC")] + [card("9D")]

    world = Deal.resume(view, hands)

    assert world.view(0) == view
    assert world.hand(1) == sorted(hands[1]) and world.turn == deal.turn
    finished = play_out(world)
    assert sum(finished.scores()) in (26, 78)


@pytest.mark.parametrize(
    "change",
    [
        lambda hands: hands.__setitem__(0, [*hands[0][1:], Card.from_code("QC")]),
        lambda hands: hands.__setitem__(1, hands[1][1:]),
        lambda hands: hands.__setitem__(1, [*hands[1][1:], Card.from_code("2C")]),
    ],
    ids=["not-the-views-hand", "a-card-missing", "a-played-card"],
)
def test_a_world_the_view_rules_out_is_refused(change):
    deal = play(deal_with(ALL_SUITS_HANDS), TRICK_1 + " 2D")
    hands = [list(deal.hand(seat)) for seat in range(4)]
    change(hands)

    with pytest.raises(ValueError):
        Deal.resume(deal.view(0), hands)


def test_plays_and_the_winning_play_read_the_trick_in_order():
    deal = play(deal_with(ALL_SUITS_HANDS), TRICK_1 + " 2D 5D")
    view = deal.view(2)

    assert [c.code for _, c in view.plays] == ["2C", "7C", "JC", "AC", "2D", "5D"]
    assert view.winning_play == (0, card("5D"))
    assert deal_with(ALL_SUITS_HANDS).view(0).winning_play is None


def test_the_phase_is_an_enum_equal_to_its_stored_name():
    deal = deal_with(ALL_SUITS_HANDS)

    assert deal.phase is Phase.PLAYING and deal.phase == "playing"
    assert Phase("finished") is Phase.FINISHED
