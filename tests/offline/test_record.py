"""offline.record: the engine replays a device's record of a finished game and refuses,
with a code and the place, anything the rules do not allow."""

from __future__ import annotations

import copy

import pytest

from offline.record import BadRecord, check_record
from tests.offline.builders import played_record

LEVELS = ("easy", "normal", "hard")


def refused(record: object) -> BadRecord:
    with pytest.raises(BadRecord) as caught:
        check_record(record, levels=LEVELS)
    return caught.value


def test_a_whole_game_is_replayed_to_its_totals_and_winner() -> None:
    record = played_record(target=100, seed=3)
    game = check_record(record, levels=LEVELS)
    assert len(game.hands) == len(record["hands"])
    assert max(game.totals) >= 100
    assert game.winner == game.totals.index(min(game.totals))
    assert [hand.direction.value for hand in game.hands][:4] == ["left", "right", "across", "none"]


def test_a_deal_with_a_duplicated_or_missing_card_is_refused() -> None:
    record = played_record()
    doubled = copy.deepcopy(record)
    first, second = doubled["hands"][0]["dealt"][:2]
    doubled["hands"][0]["dealt"][1] = " ".join([first.split()[0], *second.split()[1:]])
    assert (refused(doubled).code, refused(doubled).hand) == ("bad_deal", 1)
    short = copy.deepcopy(record)
    short["hands"][1]["dealt"][2] = " ".join(short["hands"][1]["dealt"][2].split()[:12])
    assert (refused(short).code, refused(short).hand) == ("bad_deal", 2)


def test_an_edited_illegal_move_is_refused_where_it_stands() -> None:
    record = copy.deepcopy(played_record())
    moves = record["hands"][0]["moves"]
    # The first lead (after the four passes) is the 2♣: any other card is refused.
    seat, card = moves[4]
    assert card == "2C"
    other = next(code for code in record["hands"][0]["dealt"][seat].split() if code != "2C")
    moves[4] = [seat, other]
    bad = refused(record)
    assert (bad.code, bad.hand, bad.move) == ("illegal_move", 1, 5)


def test_a_move_out_of_turn_is_refused() -> None:
    record = copy.deepcopy(played_record())
    moves = record["hands"][0]["moves"]
    seat, card = moves[5]
    moves[5] = [(seat + 1) % 4, card]
    assert refused(record).code == "illegal_move"


def test_a_game_not_over_or_going_on_after_its_end_is_refused() -> None:
    record = played_record()
    unfinished = {**record, "hands": record["hands"][:-1]}
    assert refused(unfinished).code == "not_over"
    longer = {**record, "hands": [*record["hands"], record["hands"][0]]}
    assert refused(longer).code == "after_the_end"
    cut = copy.deepcopy(record)
    del cut["hands"][0]["moves"][-1]
    assert (refused(cut).code, refused(cut).hand) == ("hand_not_finished", 1)


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        [],
        "partie",
        {},
        {"id": "pas-un-uuid", "target": 50, "difficulty": "easy", "hands": []},
        {"id": "6f1c1c8e-7f43-4a43-9d35-0d2a1f6d2f3b", "target": 75, "difficulty": "easy"},
        {"id": "6f1c1c8e-7f43-4a43-9d35-0d2a1f6d2f3b", "target": 50, "difficulty": "dieu"},
        {"id": "6f1c1c8e-7f43-4a43-9d35-0d2a1f6d2f3b", "target": True, "difficulty": "easy"},
        {
            "id": "6f1c1c8e-7f43-4a43-9d35-0d2a1f6d2f3b",
            "target": 50,
            "difficulty": "easy",
            "hands": [{"dealt": "x", "moves": []}],
        },
        {
            "id": "6f1c1c8e-7f43-4a43-9d35-0d2a1f6d2f3b",
            "target": 50,
            "difficulty": "easy",
            "hands": [None],
        },
    ],
)
def test_garbage_is_refused_with_a_code(garbage: object) -> None:
    assert refused(garbage).code


def test_unreadable_moves_are_refused() -> None:
    for bad_move in (["0", "2C"], [0, "ZZ"], [7, "2C"], [0], "2C", [0, "2C " * 10]):
        record = copy.deepcopy(played_record())
        record["hands"][0]["moves"][4] = bad_move
        assert refused(record).code in ("bad_moves", "illegal_move")


def test_the_device_s_seed_is_kept_when_sent_and_a_bad_one_refused() -> None:
    record = played_record()
    assert check_record(record, levels=LEVELS).seed is None
    record["seed"] = 2**53 - 1
    assert check_record(record, levels=LEVELS).seed == 2**53 - 1
    for bad in (-1, 2**62, "12", 1.5, True):
        record["seed"] = bad
        assert refused(record).code == "bad_seed"
