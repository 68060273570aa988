"""Whatever the deal, a bot passes three of its own cards and plays only legal cards."""

from __future__ import annotations

import pytest

from tests.game.bots.helpers import recorded_deal

DEALS = 1000


@pytest.mark.parametrize(
    "levels",
    [["easy"] * 4, ["normal"] * 4, ["normal", "easy", "normal", "easy"]],
    ids=["easy", "normal", "mixed"],
)
def test_bots_pass_three_distinct_cards_of_their_hand_and_play_legal_cards(levels):
    for number in range(DEALS):
        deal, recorders = recorded_deal(levels, number)

        assert deal.phase == "finished"
        for recorder in recorders:
            for view, chosen in recorder.passes:
                assert len(chosen) == 3
                assert len(set(chosen)) == 3
                assert set(chosen) <= set(view.hand)
            assert len(recorder.plays) == 13
            for view, chosen in recorder.plays:
                assert chosen in view.legal
