import pytest

from game.engine import IllegalMove, Match, PassDirection, is_game_over, winner
from tests.game.engine.builders import SEATS, SPLIT_HANDS, deal_with, pass_all, play_out

MOON = {seat: [0 if s == seat else 26 for s in SEATS] for seat in SEATS}


def match_after(*hand_scores, target=100):
    match = Match(target=target)
    for scores in hand_scores:
        match.record_scores(list(scores))
    return match


def test_a_match_plays_to_100_by_default():
    match = Match()

    assert match.target == 100
    assert list(match.totals) == [0, 0, 0, 0]
    assert match.hand_number == 1
    assert list(match.hand_scores) == []
    assert match.direction is PassDirection.LEFT
    assert match.is_over is False
    assert match.winner is None


def test_a_short_game_plays_to_50():
    assert Match(target=50).target == 50


def test_the_pass_direction_cycles_across_hands():
    match = Match()
    expected = [PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE]

    for number in range(1, 10):
        assert match.hand_number == number
        assert match.direction is expected[(number - 1) % 4]
        deal = match.new_deal(rng=number)
        assert deal.direction is match.direction
        assert deal.phase == ("playing" if match.direction is PassDirection.NONE else "passing")
        match.record_scores([1, 5, 10, 10])

    assert list(match.totals) == [9, 45, 90, 90]
    assert [list(s) for s in match.hand_scores] == [[1, 5, 10, 10]] * 9
    assert match.hand_number == 10


def test_recording_a_finished_deal_adds_its_scores():
    match = Match()
    deal = match.new_deal(hands=[list(h) for h in deal_with(SPLIT_HANDS).dealt_hands])
    pass_all(deal, {0: "QC KC AD", 1: "AC KD QD", 2: "AH KH QH", 3: "AS KS QS"})
    play_out(deal)

    match.record(deal)

    assert list(match.totals) == list(deal.scores())
    assert [list(s) for s in match.hand_scores] == [list(deal.scores())]
    assert match.hand_number == 2
    assert match.direction is PassDirection.RIGHT


def test_new_deal_uses_the_given_hands():
    dealt = deal_with(SPLIT_HANDS).dealt_hands
    match = Match()

    deal = match.new_deal(hands=[list(h) for h in dealt])

    assert [list(h) for h in deal.dealt_hands] == [list(h) for h in dealt]
    assert deal.direction is PassDirection.LEFT


def test_record_refuses_an_unfinished_deal():
    match = Match()
    deal = match.new_deal(rng=3)

    with pytest.raises((IllegalMove, ValueError)):
        match.record(deal)

    assert list(match.totals) == [0, 0, 0, 0]
    assert match.hand_number == 1
    assert list(match.hand_scores) == []


def test_views_of_a_new_deal_show_the_match_totals_and_target():
    match = match_after(MOON[0], [1, 5, 10, 10], target=50)

    deal = match.new_deal(rng=8)

    assert deal.direction is PassDirection.ACROSS
    for seat in SEATS:
        assert list(deal.view(seat).totals) == [1, 31, 36, 36]
        assert deal.view(seat).target == 50


def test_the_game_goes_on_while_nobody_has_reached_the_target():
    match = match_after([5, 5, 6, 10], MOON[1], MOON[2])

    assert list(match.totals) == [57, 31, 32, 62]
    assert match.is_over is False
    assert match.hand_number == 4


def test_the_game_ends_when_someone_reaches_the_target_and_one_player_is_lowest():
    match = match_after(MOON[0], MOON[1], MOON[2], MOON[3], MOON[0])

    assert list(match.totals) == [78, 104, 104, 104]
    assert match.is_over is True
    assert match.winner == 0
    assert match.hand_number == 5


def test_a_tie_for_lowest_after_reaching_the_target_plays_another_hand():
    match = match_after(MOON[0], MOON[1], MOON[0], MOON[1])

    assert list(match.totals) == [52, 52, 104, 104]
    assert match.is_over is False
    assert match.winner is None
    assert match.hand_number == 5

    match.record_scores([13, 0, 0, 13])

    assert list(match.totals) == [65, 52, 104, 117]
    assert match.is_over is True
    assert match.winner == 1


def test_reaching_the_target_exactly_ends_the_game():
    match = match_after(MOON[0], [1, 24, 0, 1], target=50)

    assert list(match.totals) == [1, 50, 26, 27]
    assert match.is_over is True
    assert match.winner == 0
    assert match.hand_number == 2


def test_the_short_target_does_not_apply_to_a_normal_game():
    match = match_after(MOON[0], [1, 24, 0, 1])

    assert match.is_over is False


def test_ranking_lists_seats_from_lowest_total_to_highest():
    match = match_after(MOON[0], MOON[1], MOON[0], MOON[1], [13, 0, 0, 13])

    assert list(match.ranking()) == [1, 0, 2, 3]


@pytest.mark.parametrize(
    ("totals", "target", "over", "winning_seat"),
    [
        pytest.param([100, 40, 40, 90], 100, False, None, id="tie-for-lowest-continues"),
        pytest.param([104, 60, 75, 88], 100, True, 1, id="lowest-alone-wins"),
        pytest.param([99, 10, 20, 30], 100, False, None, id="nobody-at-target"),
        pytest.param([100, 10, 20, 30], 100, True, 1, id="exactly-at-target"),
        pytest.param([50, 10, 20, 30], 50, True, 1, id="short-game"),
        pytest.param([120, 30, 30, 30], 100, False, None, id="three-way-tie"),
        pytest.param([100, 100, 100, 100], 100, False, None, id="all-equal"),
        pytest.param([30, 130, 60, 60], 100, True, 0, id="winner-need-not-be-seat-one"),
        pytest.param([0, 0, 0, 0], 100, False, None, id="start"),
    ],
)
def test_is_game_over_and_winner_are_pure_functions_of_totals(totals, target, over, winning_seat):
    given = list(totals)

    assert is_game_over(totals, target) is over
    assert winner(totals, target) == winning_seat
    assert is_game_over(totals, target) is over
    assert totals == given


def test_a_one_hand_game_ends_after_its_hand_with_the_single_lowest_total():
    match = Match(target=100, hand_limit=1)

    match.record_scores([3, 10, 13, 0])

    assert match.is_over and match.winner == 3 and match.hand_number == 1
    with pytest.raises(IllegalMove):
        match.new_deal(rng=1)


def test_a_one_hand_game_tied_for_lowest_has_no_winner():
    match = Match(hand_limit=1, hand_scores=[[0, 0, 13, 13]])

    assert match.is_over and match.winner is None


def test_a_match_resumes_from_stored_totals():
    match = Match.resume(100, [40, 60, 75, 90], hands_played=7)

    assert match.hand_number == 8 and match.direction is PassDirection.NONE
    match.record_scores([0, 26, 0, 0])
    assert match.is_over is False
    match.record_scores([1, 0, 0, 25])
    assert match.totals == [41, 86, 75, 115] and match.is_over and match.winner == 0


def test_ranks_share_a_place_on_equal_totals():
    match = Match(hand_scores=[[10, 5, 10, 1]])

    assert [match.rank_of(seat) for seat in range(4)] == [3, 2, 3, 1]
    assert match.ranking() == [3, 1, 0, 2]
