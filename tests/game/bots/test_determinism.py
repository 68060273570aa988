"""A bot's choice depends only on its seed and on what its view shows."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.bots import decision_rng, make_bot, view_masks
from game.engine import Card, PassDirection
from game.engine.cards import SUITS, mask_of
from tests.game.bots.helpers import full_deal, recorded_deal, twin_positions
from tests.game.engine.builders import play

LEVELS = ["easy", "normal"]


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_view_give_the_same_choice_whatever_was_asked_before(level):
    _, recorders = recorded_deal([level] * 4, 0)
    others = [view for recorder in recorders for view, _ in recorder.plays]
    bot = make_bot(level, seed=recorders[2].bot.seed)

    for view in reversed(others):
        bot.choose_play(view)
    ((pass_view, passed),) = recorders[2].passes
    assert bot.choose_pass(pass_view) == passed
    for view, chosen in recorders[2].plays:
        assert bot.choose_play(view) == chosen


@pytest.mark.parametrize("level", LEVELS)
def test_cards_a_seat_cannot_see_do_not_change_its_choice(level):
    compared = 0
    for number in range(300):
        twins = twin_positions(level, number)
        if twins is None:
            continue
        view, twin = twins
        assert view == twin
        bot = make_bot(level, seed=number)
        assert bot.choose_play(view) == bot.choose_play(twin)
        compared += 1
    assert compared > 200


def test_decision_randomness_does_not_depend_on_the_python_hash_seed():
    script = (
        "from game.bots import decision_rng\n"
        "from game.engine import Deal, PassDirection, deal_hands\n"
        "deal = Deal.start(deal_hands(11), PassDirection.LEFT)\n"
        "print(decision_rng(5, deal.view(2)).random())\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            cwd=os.getcwd(),
        ).stdout
        for hash_seed in ("1", "2", "3")
    }
    assert len(outputs) == 1


def test_decision_randomness_follows_the_seed_and_the_view():
    deal = full_deal(
        {
            0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
            1: "TC 3D 8D JD KD 7H 8H 9H 2S 3S 4S 5S 6S",
            2: "AC 9D TD QD AD 2D 4D TH JH 7S 8S 9S TS",
            3: "JC QC KC 5D 6D 7D QH KH AH JS QS KS AS",
        },
        PassDirection.NONE,
    )
    before = deal.view(1)
    after = play(deal, "2C").view(1)

    assert decision_rng(1, before).random() == decision_rng(1, before).random()
    assert decision_rng(1, before).random() != decision_rng(2, before).random()
    assert decision_rng(1, before).random() != decision_rng(1, after).random()


def test_view_masks_give_the_view_as_ints():
    deal = play(
        full_deal(
            {
                0: "2C 3C 4C 5C 6C 7C 8C 9C 2H 3H 4H 5H 6H",
                1: "TC 3D 8D JD KD 7H 8H 9H 2S 3S 4S 5S 6S",
                2: "AC 9D TD QD AD 2D 4D TH JH 7S 8S 9S TS",
                3: "JC QC KC 5D 6D 7D QH KH AH JS QS KS AS",
            }
        ),
        "2C TC AC JC 9D 5D 9C",
    )
    view = deal.view(1)
    masks = view_masks(view)

    assert masks.hand == mask_of(view.hand)
    assert masks.legal == mask_of(view.legal)
    assert masks.played == mask_of(view.played)
    assert masks.unseen == mask_of(view.unseen)
    assert masks.trick == mask_of(Card.from_code(code) for code in ("9D", "5D", "9C"))
    assert masks.voids == (1 << SUITS.index("D"), 0, 0, 0)
