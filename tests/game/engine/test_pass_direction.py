import pytest

from game.engine import PassDirection
from tests.game.engine.builders import SEATS


@pytest.mark.parametrize(
    ("direction", "offset"),
    [
        (PassDirection.LEFT, 1),
        (PassDirection.RIGHT, 3),
        (PassDirection.ACROSS, 2),
        (PassDirection.NONE, 0),
    ],
)
def test_each_direction_has_its_offset(direction, offset):
    assert direction.offset == offset


@pytest.mark.parametrize(
    ("hand_number", "direction"),
    [
        (1, PassDirection.LEFT),
        (2, PassDirection.RIGHT),
        (3, PassDirection.ACROSS),
        (4, PassDirection.NONE),
        (5, PassDirection.LEFT),
        (6, PassDirection.RIGHT),
        (7, PassDirection.ACROSS),
        (8, PassDirection.NONE),
        (9, PassDirection.LEFT),
        (100, PassDirection.NONE),
    ],
)
def test_passing_cycles_left_right_across_none_by_hand_number(hand_number, direction):
    assert PassDirection.for_hand(hand_number) is direction


@pytest.mark.parametrize("seat", SEATS)
def test_the_receiver_sits_offset_seats_further_in_play_order(seat):
    assert PassDirection.LEFT.receiver(seat) == (seat + 1) % 4
    assert PassDirection.RIGHT.receiver(seat) == (seat + 3) % 4
    assert PassDirection.ACROSS.receiver(seat) == (seat + 2) % 4
    assert PassDirection.NONE.receiver(seat) == seat


def test_the_human_passes_left_to_seat_one_and_right_to_seat_three():
    assert PassDirection.LEFT.receiver(0) == 1
    assert PassDirection.RIGHT.receiver(0) == 3
    assert PassDirection.ACROSS.receiver(0) == 2
